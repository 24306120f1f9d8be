// The C++ student fixtures (fixtures/submissions/classic-cpp) are what their fixture.json says they
// are. A correct one prints the golden transcripts byte for byte. A wrong one's mistake is in its file
// at fault and nowhere else: that file linked with the reference's other three prints something else
// (or, where no driver run can show it, fails a check of its own), and the reference's copy of that file
// linked with the fixture's other three prints the golden transcripts. A fixture's own tests pass on the
// reference. Every source is compiled once (identical files once between them), two at a time.

import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLASSIC = fileURLToPath(new URL('..', import.meta.url));
const SOLUTION = join(CLASSIC, 'solution-cpp');
const PROVIDED = join(CLASSIC, 'provided-cpp');
const FIXTURES = fileURLToPath(new URL('../../../fixtures', import.meta.url));
const SUBMISSIONS = join(FIXTURES, 'submissions/classic-cpp');

/** The flags Pitboss builds C++ submissions with. */
const FLAGS = ['-std=c++17', '-O2', '-Wall', '-Wextra'];
const STUDENT_FILES = ['deck.cpp', 'hand.cpp', 'player.cpp', 'blackjack.cpp'] as const;
/** The files an ADT test or check links with: all but the driver, which has main(). */
const ADT_FILES = ['deck.cpp', 'hand.cpp', 'player.cpp'] as const;
const PROVIDED_FILES = ['card.cpp', 'rand.cpp'];
const ALLOWED_SYSTEM_HEADERS = new Set(['iostream', 'iomanip', 'string', 'cstdlib', 'cassert']);
/** Compiles and runs at once: the machine has two cores. */
const PARALLEL = 2;
/** For a test that links and runs programs: seconds each on an idle machine, far more on a loaded one. */
const LINKS_TIMEOUT = 120_000;

/**
 * The golden cases run: a subset that keeps this file fast, with no `--seed` (the handout's driver
 * takes no options). Between them they show every transcript fixture's mistake: the small counting
 * games at and around 2 x minimum, two long games and a 5000-hand course output.
 */
const CASES = [
  ['transcripts/classic', '100 3 simple'],
  ['transcripts/classic', '4 1 simple'],
  ['transcripts/classic', '5 1 simple'],
  ['transcripts/classic', '9 40 counting'],
  ['transcripts/classic', '10 40 counting'],
  ['transcripts/classic', '100 200 simple'],
  ['transcripts/classic', '300 500 counting'],
  ['compat/classic', '100 3 counting'],
  ['compat/classic', '100 5000 counting'],
  ['compat/classic', '5000 5000 simple'],
] as const;

/**
 * Wrong ADT files that the fixtures' own tests are not held to catching: the fault reads whatever the
 * stack holds, so a test passes or fails by luck (the fixture's check shows it every run).
 */
const CAUGHT_ONLY_BY_LUCK = new Set(['wrong-hand-soft-uninitialised']);

type StudentFile = (typeof STUDENT_FILES)[number];

interface Fixture {
  name: string;
  folder: string;
  atFault: StudentFile | null;
  shownBy: 'transcripts' | 'check' | null;
}

/** A fixture.json read as data; anything else is a broken fixture, said with its folder. */
function readFixture(name: string): Fixture {
  const folder = join(SUBMISSIONS, name);
  const data: unknown = JSON.parse(readFileSync(join(folder, 'fixture.json'), 'utf8'));
  if (typeof data !== 'object' || data === null) throw new Error(`${name}/fixture.json: not an object`);
  const { atFault, shownBy } = data as Record<string, unknown>;
  if (atFault === null && shownBy === undefined) return { name, folder, atFault: null, shownBy: null };
  const file = STUDENT_FILES.find((f) => f === atFault);
  if (file === undefined) throw new Error(`${name}/fixture.json: atFault ${JSON.stringify(atFault)}`);
  if (shownBy !== 'transcripts' && shownBy !== 'check') {
    throw new Error(`${name}/fixture.json: shownBy ${JSON.stringify(shownBy)}`);
  }
  return { name, folder, atFault: file, shownBy };
}

interface GoldenCase {
  label: string;
  words: string[];
  expected: Buffer;
}

/** A case's words as its golden file names them: `100 3 simple` is `100_3_simple.txt`. */
function goldenCase(folder: string, line: string): GoldenCase {
  const words = line.split(' ');
  const file = join(FIXTURES, folder, `${words.join('_')}.txt`);
  return { label: `${folder}/${words.join('_')}`, words, expected: readFileSync(file) };
}

interface Run {
  status: number | null;
  signal: string | null;
  stdout: Buffer;
}

/** Where two outputs first differ, by line; undefined when they are equal. */
function firstDifference(actual: Buffer, expected: Buffer): string | undefined {
  if (actual.equals(expected)) return undefined;
  const actualLines = actual.toString('utf8').split('\n');
  const expectedLines = expected.toString('utf8').split('\n');
  const line = expectedLines.findIndex((text, i) => actualLines[i] !== text);
  const at = line === -1 ? expectedLines.length : line;
  return `line ${at + 1}: expected ${JSON.stringify(expectedLines[at])}, got ${JSON.stringify(actualLines[at])}`;
}

/** Runs tasks at most `limit` at a time. */
function pool(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    while (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

const gppFound = spawnSync('g++', ['--version']).status === 0;

describe.skipIf(!gppFound)(
  gppFound ? 'the C++ classic fixtures' : 'the C++ classic fixtures (skipped: g++ is not on PATH)',
  () => {
    const names = readdirSync(SUBMISSIONS, { withFileTypes: true })
      // Only the correct-* and wrong-* folders: the hostile-* ones are run only inside the sandbox
      // (apps/grader/test/3-sandbox/native-hostile.test.ts), never natively here.
      .filter((entry) => entry.isDirectory() && /^(correct|wrong)-/.test(entry.name))
      .map((entry) => entry.name)
      .sort();
    const fixtures = names.map(readFixture);
    const correct = fixtures.filter((f) => f.atFault === null);
    const wrong = fixtures.filter((f) => f.atFault !== null);
    const cases = CASES.map(([folder, line]) => goldenCase(folder, line));

    const limited = pool(PARALLEL);
    let buildDir = '';
    const objects = new Map<string, Promise<{ object: string; warnings: string }>>();
    const programs = new Map<string, Promise<string>>();

    const gpp = (args: string[]): Promise<{ status: number; stderr: string }> =>
      limited(
        () =>
          new Promise((resolve) => {
            execFile('g++', args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (error, _, stderr) =>
              resolve({
                status: error === null ? 0 : typeof error.code === 'number' ? error.code : -1,
                stderr,
              }),
            );
          }),
      );

    /** One object per distinct source: the file is copied out first, so only the provided headers are seen. */
    const compile = (source: string): Promise<{ object: string; warnings: string }> => {
      const key = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 16);
      const id = `${key}-${basename(source, '.cpp')}`;
      let built = objects.get(id);
      if (built === undefined) {
        built = (async () => {
          copyFileSync(source, join(buildDir, `${id}.cpp`));
          const object = join(buildDir, `${id}.o`);
          const { status, stderr } = await gpp([
            ...FLAGS,
            `-I${PROVIDED}`,
            '-c',
            join(buildDir, `${id}.cpp`),
            '-o',
            object,
          ]);
          if (status !== 0) throw new Error(`${source} does not compile:\n${stderr}`);
          return { object, warnings: stderr };
        })();
        objects.set(id, built);
      }
      return built;
    };

    /**
     * A program of these sources and the provided ones, linked once per set of objects: fixtures that
     * share files with each other (most wrong ones are correct-tested with one file changed) share it.
     */
    const link = async (sources: readonly string[]): Promise<string> => {
      const all = [...sources, ...PROVIDED_FILES.map((file) => join(PROVIDED, file))];
      const built = await Promise.all(all.map(compile));
      const key = built.map((b) => b.object).join('\n');
      let program = programs.get(key);
      if (program === undefined) {
        program = (async () => {
          const out = join(buildDir, `program-${programs.size}`);
          const { status, stderr } = await gpp(['-o', out, ...built.map((b) => b.object)]);
          if (status !== 0) throw new Error(`${all.join(' ')} does not link:\n${stderr}`);
          return out;
        })();
        programs.set(key, program);
      }
      return program;
    };

    const run = (program: string, words: readonly string[] = []): Promise<Run> =>
      limited(
        () =>
          new Promise((resolve, reject) => {
            const child = execFile(
              program,
              [...words],
              { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, timeout: 30_000, killSignal: 'SIGKILL' },
              (error, stdout) => {
                if (error !== null && error.code === 'ENOENT') reject(error);
                else resolve({ status: child.exitCode, signal: child.signalCode, stdout });
              },
            );
          }),
      );

    const compared = new Map<string, Promise<(string | undefined)[]>>();

    /** Each case's first difference from the golden, undefined where the output is golden; once a program. */
    const differences = (program: string): Promise<(string | undefined)[]> => {
      let found = compared.get(program);
      if (found === undefined) {
        found = Promise.all(
          cases.map(async (c) => {
            const { status, signal, stdout } = await run(program, c.words);
            if (status !== 0) return `${c.label}: status ${status}, signal ${signal}`;
            const difference = firstDifference(stdout, c.expected);
            return difference === undefined ? undefined : `${c.label}: ${difference}`;
          }),
        );
        compared.set(program, found);
      }
      return found;
    };

    /** The four files, each from the reference except `file`, which is the fixture's (or the reverse). */
    const mix = (
      fixture: Fixture,
      files: readonly StudentFile[],
      fromFixture: (file: StudentFile) => boolean,
    ) => files.map((file) => join(fromFixture(file) ? fixture.folder : SOLUTION, file));

    const cppIn = (folder: string): string[] =>
      existsSync(folder)
        ? readdirSync(folder)
            .filter((file) => file.endsWith('.cpp'))
            .sort()
            .map((file) => join(folder, file))
        : [];

    beforeAll(async () => {
      buildDir = mkdtempSync(join(tmpdir(), 'pitboss-fixtures-cpp-'));
      // Every source up front, two at a time; the tests below then only link and run.
      const sources = [
        ...STUDENT_FILES.map((file) => join(SOLUTION, file)),
        ...PROVIDED_FILES.map((file) => join(PROVIDED, file)),
        ...fixtures.flatMap((f) => [
          ...STUDENT_FILES.map((file) => join(f.folder, file)),
          ...cppIn(join(f.folder, 'tests')),
          ...cppIn(join(f.folder, 'check')),
        ]),
      ];
      await Promise.allSettled(sources.map(compile));
    }, 300_000);

    afterAll(() => {
      if (buildDir !== '') rmSync(buildDir, { recursive: true, force: true });
    });

    it('has correct and wrong fixtures, each with NOTES.md and a row in the README', () => {
      expect(correct.length).toBeGreaterThanOrEqual(3);
      expect(wrong.length).toBeGreaterThanOrEqual(8);
      const readme = readFileSync(join(SUBMISSIONS, 'README.md'), 'utf8');
      for (const f of fixtures) {
        expect(existsSync(join(f.folder, 'NOTES.md')), `${f.name}/NOTES.md`).toBe(true);
        const row = readme.split('\n').find((line) => line.startsWith(`| \`${f.name}\` |`));
        expect(row, `README row for ${f.name}`).toBeDefined();
        expect(row).toContain(f.atFault === null ? '| none |' : `| \`${f.atFault}\` |`);
      }
    });

    it('runs golden cases each listed in its folder, a 5000-hand course output among them', () => {
      for (const [folder, line] of CASES) {
        const listed = readFileSync(join(FIXTURES, folder, 'cases.txt'), 'utf8').split('\n');
        expect(listed, `${folder}: ${line}`).toContain(line);
      }
      expect(CASES.some(([folder, line]) => folder === 'compat/classic' && line.includes(' 5000 '))).toBe(
        true,
      );
    });

    it.each(fixtures.map((f) => [f.name, f] as const))(
      '%s: compiles without a warning and includes only headers the handout allows',
      async (_, fixture) => {
        for (const file of STUDENT_FILES) {
          const { warnings } = await compile(join(fixture.folder, file));
          expect(warnings, `${fixture.name}/${file}`).toBe('');
          const source = readFileSync(join(fixture.folder, file), 'utf8');
          for (const [, header] of source.matchAll(/^\s*#\s*include\s*<([^>]+)>/gm)) {
            expect(ALLOWED_SYSTEM_HEADERS.has(header!), `${fixture.name}/${file} includes <${header}>`).toBe(
              true,
            );
          }
        }
      },
      LINKS_TIMEOUT,
    );

    it.each(correct.map((f) => [f.name, f] as const))(
      '%s prints every case byte for byte',
      async (_, fixture) => {
        const program = await link(STUDENT_FILES.map((file) => join(fixture.folder, file)));
        expect(await differences(program)).toEqual(cases.map(() => undefined));
      },
      LINKS_TIMEOUT,
    );

    it.each(wrong.map((f) => [`${f.name} (${f.atFault})`, f] as const))(
      '%s: the reference with only that file taken from the fixture prints every case byte for byte',
      async (_, fixture) => {
        const program = await link(mix(fixture, STUDENT_FILES, (file) => file !== fixture.atFault));
        expect(await differences(program)).toEqual(cases.map(() => undefined));
      },
      LINKS_TIMEOUT,
    );

    it.each(
      wrong.filter((f) => f.shownBy === 'transcripts').map((f) => [`${f.name} (${f.atFault})`, f] as const),
    )(
      '%s: that file with the reference for the other three differs on a case',
      async (_, fixture) => {
        const program = await link(mix(fixture, STUDENT_FILES, (file) => file === fixture.atFault));
        const found = (await differences(program)).filter((d) => d !== undefined);
        expect(found.length, 'cases that differ').toBeGreaterThan(0);
      },
      LINKS_TIMEOUT,
    );

    it.each(wrong.filter((f) => f.shownBy === 'check').map((f) => [`${f.name} (${f.atFault})`, f] as const))(
      '%s: no case shows it, its check does',
      async (_, fixture) => {
        expect(fixture.atFault).not.toBe('blackjack.cpp');
        const program = await link(mix(fixture, STUDENT_FILES, (file) => file === fixture.atFault));
        expect(await differences(program)).toEqual(cases.map(() => undefined));
        const checks = cppIn(join(fixture.folder, 'check'));
        expect(checks.length).toBeGreaterThan(0);
        const failed: string[] = [];
        for (const check of checks) {
          const reference = await run(await link([check, ...mix(fixture, ADT_FILES, () => false)]));
          expect(reference.status, `${basename(check)} on the reference`).toBe(0);
          const withFault = await run(
            await link([check, ...mix(fixture, ADT_FILES, (f) => f === fixture.atFault)]),
          );
          if (withFault.status !== 0) failed.push(basename(check));
        }
        expect(failed.length, 'checks that fail with the file at fault').toBeGreaterThan(0);
      },
      LINKS_TIMEOUT,
    );

    const tested = correct.filter((f) => cppIn(join(f.folder, 'tests')).length > 0);

    it('a correct fixture has ten acceptance tests of its own', () => {
      expect(tested.map((f) => cppIn(join(f.folder, 'tests')).length)).toContain(10);
    });

    it.each(tested.map((f) => [f.name, f] as const))(
      "%s: its tests pass on the reference's ADT files and on its own",
      async (_, fixture) => {
        const runs = cppIn(join(fixture.folder, 'tests')).flatMap((test) =>
          [SOLUTION, fixture.folder].map(async (folder) => {
            const { status } = await run(await link([test, ...ADT_FILES.map((file) => join(folder, file))]));
            return `${basename(test)} on ${basename(folder)}: ${status}`;
          }),
        );
        for (const outcome of await Promise.all(runs)) expect(outcome).toMatch(/: 0$/);
      },
      LINKS_TIMEOUT,
    );

    const wrongAdts = wrong.filter((f) => f.atFault !== 'blackjack.cpp' && !CAUGHT_ONLY_BY_LUCK.has(f.name));

    it.each(tested.flatMap((t) => wrongAdts.map((f) => [t.name, `${f.name} (${f.atFault})`, t, f] as const)))(
      "%s's tests of that ADT catch %s",
      async (_, __, testedFixture, fixture) => {
        // The handout names a test by the ADT it tests: deck_*, hand_*, player_*.
        const adt = basename(fixture.atFault!, '.cpp');
        const tests = cppIn(join(testedFixture.folder, 'tests')).filter((test) =>
          basename(test).startsWith(`${adt}_`),
        );
        // One failing test is enough: the rest are not linked.
        let caught = false;
        for (const test of tests) {
          const program = await link([test, ...mix(fixture, ADT_FILES, (file) => file === fixture.atFault)]);
          caught = (await run(program)).status !== 0;
          if (caught) break;
        }
        expect(caught, `a failing ${adt}_* test among ${tests.length}`).toBe(true);
      },
      LINKS_TIMEOUT,
    );
  },
);
