// The student's view and the instructor's: what `grade --out` writes at its top can be handed to the
// student and holds nothing of a hidden test (its case's words, the reference's lines for it, its name,
// a private mutant's id); the instructor's view, under instructor/, holds them all (so the scan below
// can fail). For every format, for `--view student` on stdout, and for studentView itself.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import reportSchema from '../../schema/report.schema.json' with { type: 'json' };
import type { Report } from '../../src/0-results/report.ts';
import type { TestResult } from '../../src/0-results/test.ts';
import { studentView } from '../../src/6-reports/views.ts';
import { pitbossHere, REPO_ROOT, scratch } from '../support.ts';

const NAME = 'wrong-hands-count-off-by-one';
const WRONG = join(REPO_ROOT, 'fixtures/submissions/classic', NAME);
const PRIVATE = join(REPO_ROOT, 'instructor/classic');
const DRIVER = join(REPO_ROOT, 'packages/driver/bin/blackjack.mjs');
const RESULTS = '.pitboss-results';

/** The reference's output for a case, by the reference CLI. */
function expected(words: readonly string[]): string {
  const run = spawnSync(process.execPath, [DRIVER, ...words], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`the reference failed on ${words.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

/** Every string a JSON value holds, keys aside. */
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(strings)
      : value !== null && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : [];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) =>
    name.startsWith('#x') || name.startsWith('#X')
      ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name] ?? whole),
  );

/**
 * A file as a reader sees it, beside its bytes: JSON's strings decoded, HTML and XML without tags
 * and with entities decoded, and the dot a report draws for a space read as a space.
 */
function readable(path: string): string {
  const raw = readFileSync(path, 'utf8');
  let text = raw;
  if (path.endsWith('.json')) text = strings(JSON.parse(raw)).join('\n');
  else if (path.endsWith('.html') || path.endsWith('.xml')) text = decode(raw.replace(/<[^>]*>/g, ''));
  return `${raw}\n${text.replaceAll('·', ' ')}`;
}

/** The hidden cases, as the instructor's private part lists them. */
const hiddenCases = readFileSync(join(PRIVATE, 'transcripts.txt'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => line.split(/\s+/));
const privateMutants = (
  JSON.parse(readFileSync(join(PRIVATE, 'mutants.json'), 'utf8')) as { mutants: { id: string }[] }
).mutants.map((mutant) => mutant.id);

/** A transcript test's words, from its id (`transcript.<group>.<linking>:<words joined by _>`). */
const wordsOf = (test: TestResult) => test.id.slice(test.id.indexOf(':') + 1).split('_');

/** Grades the wrong submission with the default private part into a new --out folder. */
async function gradeInto(format: string, reuse?: string) {
  const out = scratch();
  // The same results, not graded again: the result store is keyed by submission, sources and options.
  if (reuse !== undefined && existsSync(join(reuse, RESULTS)))
    cpSync(join(reuse, RESULTS), join(out, RESULTS), { recursive: true });
  const run = await pitbossHere(['grade', WRONG, '--format', format, '--out', out, '--jobs', '2']);
  expect(run.status, run.stderr).toBe(1);
  return out;
}

const jsonOut = await gradeInto('json');
const instructor = JSON.parse(readFileSync(join(jsonOut, 'instructor', `${NAME}.json`), 'utf8')) as Report;
const visibleTests = instructor.tests.filter((test) => test.visibility === 'visible');
const hiddenTests = instructor.tests.filter((test) => test.visibility !== 'visible');

/** What the rubric lets a student see: the visible cases' expected output and the visible tests whole. */
const allowed = [
  ...new Set(
    visibleTests.filter((test) => test.kind === 'transcript').map((test) => wordsOf(test).join(' ')),
  ),
]
  .map((words) => expected(words.split(' ')))
  .concat(visibleTests.flatMap((test) => strings(test)))
  .join('\n');

const words = hiddenCases.flatMap((each) => [each.join(' '), each.join('_')]);
const hiddenLines = [...new Set(hiddenCases.flatMap((each) => expected(each).split('\n')))].filter(
  (line) => line.trim() !== '' && !allowed.includes(line),
);
const visibleNames = new Set(visibleTests.map((test) => test.name));
const hiddenNames = [...new Set(hiddenTests.map((test) => test.name))].filter(
  (name) => !visibleNames.has(name),
);

/** What no student-view file may hold, each with what it is. */
const secrets: [string, string][] = [
  ...words.map((text): [string, string] => ['hidden case words', text]),
  ...hiddenLines.map((text): [string, string] => ['hidden expected line', text]),
  ...hiddenNames.map((text): [string, string] => ['hidden test name', text]),
  ...privateMutants.map((text): [string, string] => ['private mutant id', text]),
];

const studentFiles = (out: string) =>
  readdirSync(out)
    .filter((file) => file.startsWith(`${NAME}.`))
    .map((file) => join(out, file));
const instructorFiles = (out: string) =>
  readdirSync(join(out, 'instructor')).map((file) => join(out, 'instructor', file));

function expectNoSecrets(files: readonly string[]): void {
  for (const file of files) {
    const text = readable(file);
    const leaks = secrets.filter(([, secret]) => text.includes(secret));
    expect(leaks, file).toEqual([]);
  }
}

/** The instructor's files hold what the student's must not: the scan finds what is there. */
function expectSecretsIn(files: readonly string[], { ids }: { ids: boolean }): void {
  const text = files.map(readable).join('\n');
  for (const each of hiddenCases)
    expect(text.includes(each.join(' ')) || text.includes(each.join('_')), each.join(' ')).toBe(true);
  for (const name of hiddenNames) expect(text, name).toContain(name);
  expect(hiddenLines.filter((line) => text.includes(line)).length).toBeGreaterThan(0);
  // The driver's private mutants test the grader itself (`pitboss mutants`), not the student's tests.
  const graded = privateMutants.filter((id) => instructor.tests.some((t) => t.id === `mutant.private.${id}`));
  expect(graded.length).toBeGreaterThan(40);
  if (ids) for (const id of graded) expect(text, id).toContain(id);
}

describe('the facts the scan looks for', () => {
  it('are many and distinct from what students may see', () => {
    expect(hiddenCases.length).toBeGreaterThanOrEqual(8);
    expect(hiddenTests.length).toBeGreaterThan(40);
    expect(hiddenLines.length).toBeGreaterThan(20);
    expect(hiddenNames.length).toBeGreaterThan(10);
    expect(privateMutants.length).toBeGreaterThan(40);
    // The wrong submission fails hidden transcript cases, with their diffs in the instructor's view.
    const failedHidden = hiddenTests.filter((t) => t.kind === 'transcript' && t.status === 'failed');
    expect(failedHidden.length).toBeGreaterThan(8);
    expect(failedHidden.every((test) => test.diff !== undefined)).toBe(true);
  });
});

describe('grade --out: the files at the top are the student view, instructor/ the instructor view', () => {
  it('writes <name>.json and <name>.html for the student and again under instructor/', () => {
    expect(studentFiles(jsonOut).map((file) => file.slice(jsonOut.length + 1))).toEqual([
      `${NAME}.html`,
      `${NAME}.json`,
    ]);
    expect(readdirSync(join(jsonOut, 'instructor')).sort()).toEqual([`${NAME}.html`, `${NAME}.json`]);
  });

  it('no student-view file holds a hidden case, its expected lines, a hidden name or a private mutant', () => {
    expectNoSecrets(studentFiles(jsonOut));
  });

  it("the instructor's files hold them all", () => {
    expectSecretsIn(instructorFiles(jsonOut), { ids: true });
    expect(instructor.view).toBe('instructor');
  });

  it('the student view keeps every score and counts every test, and is a valid report', () => {
    const student = JSON.parse(readFileSync(join(jsonOut, `${NAME}.json`), 'utf8')) as Report;
    expect(student.view).toBe('student');
    expect([student.score, student.maxScore, student.parts]).toEqual([
      instructor.score,
      instructor.maxScore,
      instructor.parts,
    ]);
    expect(student.tests.map((t) => [t.file, t.kind, t.visibility, t.score, t.maxScore])).toEqual(
      instructor.tests.map((t) => [t.file, t.kind, t.visibility, t.score, t.maxScore]),
    );
    // Visible tests whole, the failing course transcript's diff included; a visible mutant the
    // student's tests missed is told by where it lies, never by its id or description.
    const missed = visibleTests.filter((test) => test.mutant?.status === 'survived');
    for (const test of visibleTests.filter((each) => !missed.includes(each)))
      expect(student.tests).toContainEqual(test);
    const unexposed = student.tests.filter((test) => test.id.startsWith('mutant.unexposed.'));
    expect(unexposed).toHaveLength(missed.length);
    for (const test of missed) {
      expect(JSON.stringify(student)).not.toContain(test.mutant!.description);
      expect(unexposed.map((each) => each.mutant!.place)).toContainEqual(test.mutant!.place);
    }
    expect(visibleTests.some((test) => test.kind === 'transcript' && test.diff !== undefined)).toBe(true);
    const hidden = student.tests.filter((test) => test.visibility !== 'visible');
    hidden.forEach((test, i) => {
      expect(test.id).toBe(`hidden.${i + 1}`);
      expect(test.name).toBe(`hidden test ${i + 1} (${test.file})`);
      expect(Object.keys(test).sort()).toEqual(
        ['file', 'id', 'kind', 'maxScore', 'name', 'score', 'status', 'visibility'].sort(),
      );
      expect(['passed', 'failed']).toContain(test.status);
    });
    // A hidden mutant keeps no mutant record (id, description, the tests that exposed it).
    for (const test of hidden) expect(test.mutant).toBeUndefined();
    const validate = new Ajv({ strict: false }).compile(reportSchema);
    expect(validate(student), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(instructor), JSON.stringify(validate.errors)).toBe(true);
  });

  it('the class page links the instructor pages and says the top-level ones are the students', () => {
    const index = readFileSync(join(jsonOut, 'index.html'), 'utf8');
    expect(index).toContain(`<a href="instructor/${NAME}.html">${NAME}</a>`);
    expect(index).toContain("are the students' view");
  });
});

describe.each([
  ['gradescope', 'results.json'],
  ['junit', 'xml'],
  ['human', 'txt'],
])('grade --format %s --out', (format, extension) => {
  let out: string;
  beforeAll(async () => {
    out = await gradeInto(format, jsonOut);
  });
  it(`writes <name>.${extension} and <name>.html for the student, none holding a hidden thing`, () => {
    expect(studentFiles(out).map((file) => file.slice(out.length + 1))).toEqual(
      [`${NAME}.${extension}`, `${NAME}.html`].sort(),
    );
    expectNoSecrets(studentFiles(out));
  });

  it("and the instructor's view of both under instructor/, holding them", () => {
    expect(readdirSync(join(out, 'instructor')).sort()).toEqual(
      [`${NAME}.${extension}`, `${NAME}.html`].sort(),
    );
    expectSecretsIn(instructorFiles(out), { ids: false });
  });

  if (format === 'gradescope') {
    it("keeps each test's visibility per the rubric and its points", () => {
      const read = (path: string) =>
        JSON.parse(readFileSync(path, 'utf8')) as {
          score: number;
          tests: { visibility: string; score: number; max_score: number }[];
        };
      const student = read(join(out, `${NAME}.results.json`));
      const whole = read(join(out, 'instructor', `${NAME}.results.json`));
      expect(student.score).toBe(whole.score);
      expect(student.tests.map((t) => [t.visibility, t.score, t.max_score])).toEqual(
        whole.tests.map((t) => [t.visibility, t.score, t.max_score]),
      );
      expect(student.tests.map((t) => t.visibility)).toContain('hidden');
    });
  }
});

describe('stdout', () => {
  it('grade --view student prints the student view; the default is the instructor view', async () => {
    const only = ['--only', 'transcript.private', 'transcript.course.own:100_3_simple'];
    const student = await pitbossHere(['grade', WRONG, ...only, '--view', 'student', '--format', 'json']);
    expect(student.status, student.stderr).toBe(1);
    expect((JSON.parse(student.stdout) as Report).view).toBe('student');
    for (const [what, secret] of secrets)
      expect(student.stdout.includes(secret), `${what}: ${secret}`).toBe(false);
    const whole = await pitbossHere(['grade', WRONG, ...only, '--format', 'human']);
    expect(whole.stdout).toContain(hiddenCases[0]!.join(' '));
    const human = await pitbossHere(['grade', WRONG, ...only, '--view', 'student', '--format', 'human']);
    expect(human.stdout).toContain('hidden test 1 (blackjack.ts)');
    for (const [what, secret] of secrets)
      expect(human.stdout.includes(secret), `${what}: ${secret}`).toBe(false);
  });

  it('check is the student view in every format', async () => {
    const run = await pitbossHere(['check', WRONG, '--only', 'deck.new-order', '--format', 'json']);
    expect((JSON.parse(run.stdout) as Report).view).toBe('student');
  });
});

describe('studentView', () => {
  const student = studentView(instructor);

  it('is idempotent and keeps a visible-only report as it is, but for its label', () => {
    expect(studentView(student)).toEqual(student);
    const visibleOnly: Report = {
      ...instructor,
      view: undefined,
      tests: visibleTests.filter((test) => test.mutant?.status !== 'survived'),
    };
    const { view, ...seen } = studentView(visibleOnly);
    const { view: _none, ...before } = visibleOnly;
    expect(view).toBe('student');
    expect(seen).toEqual(before);
  });

  it('names no hidden mutant, not even by the tests that exposed it, and keeps an infrastructure mark', () => {
    const hiddenMutant = hiddenTests.find((test) => test.kind === 'mutant')!;
    const forged: Report = {
      ...instructor,
      tests: instructor.tests.map((test) =>
        test.id === hiddenMutant.id
          ? {
              ...test,
              infrastructure: true,
              status: 'timeout',
              mutant: {
                id: 'private-mutant-id',
                description: 'what the private mutant does',
                status: 'killed',
                killedBy: [{ file: 'tests/a.test.ts', position: '0', name: 'x' }],
              },
            }
          : test,
      ),
    };
    const seen = studentView(forged);
    expect(JSON.stringify(seen)).not.toContain(hiddenMutant.id);
    expect(JSON.stringify(seen)).not.toContain('private-mutant-id');
    expect(JSON.stringify(seen)).not.toContain('what the private mutant does');
    const marked = seen.tests.filter((test) => test.infrastructure === true);
    expect(marked).toHaveLength(1);
    expect(marked[0]!.status).toBe('failed');
  });
});

describe('a submission whose own tests never ran', () => {
  it("tells each visible mutant only by where it lies, never by its id or its edit's description", async () => {
    // No tests/ folder at all: every mutant survives without a test run.
    const untested = join(REPO_ROOT, 'fixtures/submissions/classic/wrong-random-double-bet');
    const run = await pitbossHere(['check', untested, '--only', 'mutant.', '--format', 'json']);
    const report = JSON.parse(run.stdout) as Report;
    const mutants = report.tests.filter((test) => test.kind === 'mutant');
    expect(mutants.length).toBeGreaterThan(0);
    const instructorRun = await pitbossHere([
      'grade',
      untested,
      '--rules',
      'classic',
      '--only',
      'mutant.',
      '--format',
      'json',
    ]);
    const named = (JSON.parse(instructorRun.stdout) as Report).tests.filter(
      (test) => test.visibility === 'visible' && test.kind === 'mutant',
    );
    expect(named.length).toBe(mutants.length);
    const text = JSON.stringify(report);
    for (const test of named) {
      expect(text).not.toContain(test.mutant!.id);
      expect(text).not.toContain(test.mutant!.description);
    }
    for (const test of mutants) expect(test.name).toMatch(/^Your tests expose a bug planted in \w+\.ts/);
  });
});
