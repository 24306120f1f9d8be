// The student tool holds no solution: exported, it contains no file and no distinctive line of the
// reference (packages, solution/, reference/ adapters, the suites that call it), no mutant, no fixture,
// no private part; installed and run as a student runs it, it grades a correct submission with full
// marks and a wrong one with the usual feedback, in TypeScript and in C++ (with the grader's verdicts).
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { courseMaxScore, type Report } from '../../src/0-results/report.ts';
import { ISOLATED_VM_PACKAGES } from '../../src/3-sandbox/isolate/support.ts';
import { loadAssignment } from '../../src/assignment/load.ts';
import { RECORDING_FILE, readRecording } from '../../src/kit/recorded.ts';
import { json, pitboss, REPO_ROOT } from '../support.ts';

/** The whole programs' C++ editions (Straights, table), as the grader loads them. */
const wholePrograms = await Promise.all(
  ['straights', 'table'].map(async (rules) => ({
    rules,
    edition: (await loadAssignment(rules)).languages!.cpp!,
  })),
);

const root = mkdtempSync(join(tmpdir(), 'pitboss-tool-'));
const tool = join(root, 'tool');
afterAll(() => rmSync(root, { recursive: true, force: true }));

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Code lines long enough to be distinctive, from every file a student must never get. */
function secretLines(): string[] {
  const secret: string[] = [];
  const provided = new Set(['card.ts', 'rand.ts', 'team.ts', 'table.ts']);
  for (const pkg of ['deck', 'hand', 'player', 'driver', 'straights'])
    for (const file of filesUnder(join(REPO_ROOT, 'packages', pkg, 'src')))
      if (!provided.has(file.split('/').pop()!)) secret.push(file);
  for (const rules of ['blackjack-kit', 'classic', 'crusaders', 'minbet', 'straights', 'table'])
    for (const part of ['solution', 'reference', 'suites', 'solution-cpp'])
      if (existsSync(join(REPO_ROOT, 'graders', rules, part)))
        secret.push(...filesUnder(join(REPO_ROOT, 'graders', rules, part)));
  for (const dir of readdirSync(join(REPO_ROOT, 'fixtures/submissions/classic')).filter((d) =>
    d.startsWith('correct-'),
  ))
    secret.push(...filesUnder(join(REPO_ROOT, 'fixtures/submissions/classic', dir)));
  // The C++ editions' correct fixtures, their sources (their tests quote the visible output).
  for (const edition of ['classic-cpp', 'straights-cpp', 'table-cpp'])
    for (const dir of readdirSync(join(REPO_ROOT, 'fixtures/submissions', edition)).filter((d) =>
      d.startsWith('correct-'),
    ))
      secret.push(
        ...[...filesUnder(join(REPO_ROOT, 'fixtures/submissions', edition, dir))].filter((file) =>
          /\.(cpp|cc|h)$/.test(file),
        ),
      );
  const lines = secret.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length >= 40 && !/^(\/\/|\*|\/\*|import |export \{)/.test(line)),
  );
  for (const file of [
    'graders/classic/mutants.json',
    'graders/crusaders/mutants.json',
    'graders/minbet/mutants.json',
    'graders/straights/mutants.json',
    'graders/table/mutants.json',
    'instructor/classic/mutants.json',
    'instructor/straights/mutants.json',
    'instructor/table/mutants.json',
    ...['classic', 'straights', 'table'].flatMap((rules) =>
      [`graders/${rules}/mutants-cpp.json`, `instructor/${rules}/mutants-cpp.json`].filter((file) =>
        existsSync(join(REPO_ROOT, file)),
      ),
    ),
  ]) {
    const { mutants } = JSON.parse(readFileSync(join(REPO_ROOT, file), 'utf8')) as {
      mutants: { replace: string }[];
    };
    lines.push(...mutants.map((mutant) => mutant.replace.trim()).filter((line) => line.length >= 20));
  }
  // What is public anyway (the grader's own code, the provided files, the starter and its example
  // test, which correct fixtures keep) is no secret when it happens to share a line.
  const publicFiles = [
    ...filesUnder(join(REPO_ROOT, 'apps/grader/src')),
    ...[
      'packages/deck/src/card.ts',
      'packages/deck/src/rand.ts',
      'packages/player/src/team.ts',
      'packages/straights/src/card.ts',
      'packages/straights/src/rand.ts',
      'packages/straights/src/table.ts',
    ].map((file) => join(REPO_ROOT, file)),
    // The Blackjack kit's provided contract, starter and words are every edition's.
    ...['blackjack-kit', 'classic', 'crusaders', 'minbet', 'straights', 'table'].flatMap((rules) => [
      ...(existsSync(join(REPO_ROOT, 'graders', rules, 'provided'))
        ? filesUnder(join(REPO_ROOT, 'graders', rules, 'provided'))
        : []),
      join(REPO_ROOT, 'graders', rules, 'starter.ts'),
      // The live properties, the words for values and the game events' readers are published by design:
      // they import nothing of the reference (checked below).
      ...[
        join(REPO_ROOT, 'graders', rules, 'live.ts'),
        join(REPO_ROOT, 'graders', rules, 'words-for-students.ts'),
        join(REPO_ROOT, 'graders', rules, 'events.ts'),
      ].filter((file) => existsSync(file)),
    ]),
    // The C++ edition's public parts: the handout's headers and sources, the starter, the harness
    // (no test, no answer), the tool's stand-ins (no rule of the game) and the edition's description.
    ...['provided-cpp', 'starter-cpp', 'harness-cpp', 'stand-ins-cpp'].flatMap((part) => [
      ...filesUnder(join(REPO_ROOT, 'graders/classic', part)),
    ]),
    ...['cpp.ts', 'cpp-student-tool.ts'].map((file) => join(REPO_ROOT, 'graders/classic', file)),
    // The whole programs' editions: the handout and the starter, which `pitboss init` writes; the course
    // files the grader puts over a submission's and the harness that calls a student's class (table).
    ...wholePrograms.flatMap(({ edition }) => {
      const whole = edition.native!.wholeProgram!;
      return [
        ...filesUnder(edition.native!.providedDir),
        ...(whole.courseFiles === undefined ? [] : filesUnder(whole.courseFiles)),
        ...(whole.harness === undefined ? [] : [whole.harness.source]),
        ...Object.values(edition.starterFiles).map((text) => ({ text })),
      ];
    }),
  ];
  const published = publicFiles
    .map((file) => (typeof file === 'string' ? readFileSync(file, 'utf8') : file.text))
    .join('\n');
  return [...new Set(lines)].filter((line) => !published.includes(line));
}

/** The installed tool's pitboss, run as a student runs it. */
const inTool = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(join(tool, 'node_modules/.bin/pitboss'), args, {
    cwd: tool,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
  });

describe('pitboss export-student-tool', { timeout: 600_000 }, () => {
  const exported = pitboss(['export-student-tool', tool]);
  // Installed once, by the first test that runs it, as a student installs it.
  let installed: ReturnType<typeof spawnSync> | undefined;
  const install = () => {
    installed ??= spawnSync('pnpm', ['install', '--prefer-offline'], { cwd: tool, encoding: 'utf8' });
    expect(installed.status, String(installed.stderr) + String(installed.stdout)).toBe(0);
  };

  it('writes the tool, in ordinary modes', () => {
    expect(exported.status, exported.stderr).toBe(0);
    expect(statSync(tool).mode & 0o777).toBe(0o755);
  });

  it('is a few MB: each recording packed and gzipped, no recording bundled into code', () => {
    const files = [...filesUnder(tool)];
    const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
    // 88 MB when each recording was pretty JSON: the cases' steps repeat a few thousand values.
    expect(bytes).toBeLessThan(8_000_000);
    expect(files.filter((file) => file.endsWith('recorded.json'))).toEqual([]);
    for (const rules of ['classic', 'crusaders', 'minbet', 'straights', 'table'])
      expect(readFileSync(join(tool, 'graders', rules, 'index.ts'), 'utf8')).not.toMatch(/import .*\.json/);
  });

  it('ignores what installing and checking leave, and lists its own files (what --update replaces)', () => {
    const ignored = readFileSync(join(tool, '.gitignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['node_modules/', '.pitboss/']));
    const manifest = JSON.parse(readFileSync(join(tool, '.pitboss-tool.json'), 'utf8')) as {
      files: string[];
    };
    expect(manifest.files).toEqual([...filesUnder(tool)].map((file) => relative(tool, file)).sort());
  });

  it('--update refreshes a published tool: its history and files not its own kept, its own files the new ones', () => {
    const published = join(root, 'published');
    cpSync(tool, published, { recursive: true, filter: (from) => !from.includes('node_modules') });
    const git = (...args: string[]) =>
      spawnSync('git', ['-c', 'user.name=Course', '-c', 'user.email=course@example.org', ...args], {
        cwd: published,
        encoding: 'utf8',
      });
    // The tool as last published: a README since changed, a file the export no longer writes.
    writeFileSync(join(published, 'README.md'), 'an older README\n');
    writeFileSync(join(published, 'graders/classic/recorded.json'), '{}\n');
    const manifestFile = join(published, '.pitboss-tool.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { files: string[] };
    writeFileSync(
      manifestFile,
      JSON.stringify({ files: [...manifest.files, 'graders/classic/recorded.json'] }),
    );
    expect(git('init', '-q').status).toBe(0);
    expect(git('add', '-A').status).toBe(0);
    expect(git('commit', '-qm', 'The tool, as published last term').status).toBe(0);
    // Not the export's: a student's folder, and a file the course added.
    writeFileSync(join(published, 'NOTES.md'), 'office hours on Tuesday\n');
    cpSync(join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested'), join(published, 'my-submission'), {
      recursive: true,
    });

    // Without --update a tool folder is refused, saying how; --update refuses a folder no export wrote.
    const refused = pitboss(['export-student-tool', published]);
    expect(refused.status).toBe(2);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toContain('--update');
    const stray = join(root, 'not-a-tool');
    cpSync(join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested'), stray, { recursive: true });
    const notTool = pitboss(['export-student-tool', stray, '--update']);
    expect(notTool.status).toBe(2);
    expect(notTool.stderr.trim().split('\n')).toHaveLength(1);
    expect(notTool.stderr).toContain('.pitboss-tool.json');
    expect(readdirSync(stray).sort()).toEqual(
      readdirSync(join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested')).sort(),
    );

    const updated = pitboss(['export-student-tool', published, '--update']);
    expect(updated.status, updated.stderr).toBe(0);
    expect(updated.stdout).toMatch(/^Updated \d+ files in /);
    // The history and what the export did not write are as they were.
    expect(git('log', '--format=%s').stdout).toBe('The tool, as published last term\n');
    expect(readFileSync(join(published, 'NOTES.md'), 'utf8')).toBe('office hours on Tuesday\n');
    expect(readFileSync(join(published, 'my-submission/deck.ts'), 'utf8')).toBe(
      readFileSync(join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested/deck.ts'), 'utf8'),
    );
    // The tool's files are the new export's, byte for byte; the one it no longer writes is gone.
    expect(existsSync(join(published, 'graders/classic/recorded.json'))).toBe(false);
    const own = (JSON.parse(readFileSync(manifestFile, 'utf8')) as { files: string[] }).files;
    expect(own).toEqual(
      (JSON.parse(readFileSync(join(tool, '.pitboss-tool.json'), 'utf8')) as { files: string[] }).files,
    );
    for (const file of own)
      expect(readFileSync(join(published, file)).equals(readFileSync(join(tool, file))), file).toBe(true);
    // git sees the README put back and the old file removed, and nothing of the install.
    expect(git('status', '--porcelain').stdout.split('\n').filter(Boolean).sort()).toEqual([
      ' D graders/classic/recorded.json',
      ' M .pitboss-tool.json',
      ' M README.md',
      '?? NOTES.md',
      '?? my-submission/',
    ]);
    expect(readdirSync(root).filter((name) => name.startsWith('.pitboss-draft-'))).toEqual([]);
  });

  it('holds no reference, no mutant, no fixture and nothing private', () => {
    const files = [...filesUnder(tool)].map((file) => relative(tool, file));
    const forbidden = files.filter(
      (file) =>
        /^(packages|fixtures|instructor)\/|\/(solution|reference|suites|solution-cpp)\//.test(file) ||
        // No compiled code at all: no object, archive or library of the reference's (or anyone's).
        /\.(o|a|so)$/.test(file),
    );
    expect(forbidden).toEqual([]);
    for (const rules of ['classic', 'crusaders', 'minbet'])
      expect(JSON.parse(readFileSync(join(tool, 'graders', rules, 'mutants.json'), 'utf8'))).toEqual({
        mutants: [],
      });
    // Each assignment's game events reader imports the kit alone.
    for (const rules of ['classic', 'crusaders', 'minbet', 'straights', 'table']) {
      const events = readFileSync(join(tool, 'graders', rules, 'events.ts'), 'utf8');
      expect([...events.matchAll(/ from '([^']+)';$/gm)].map((m) => m[1])).toEqual(['@pitboss/grader/kit']);
    }
    const live = readFileSync(join(tool, 'graders/classic/live.ts'), 'utf8');
    expect([...live.matchAll(/ from '([^']+)';$/gm)].map((m) => m[1])).toEqual([
      '@pitboss/grader/kit',
      'fast-check',
    ]);
    const secrets = secretLines();
    expect(secrets.length).toBeGreaterThan(200);
    // A recording is read as the tool reads it (gzipped at rest): every value it holds is searched.
    const isRecording = (file: string) => file.endsWith(`/${RECORDING_FILE}`);
    const read = (file: string) =>
      isRecording(file)
        ? JSON.stringify(readRecording(join(tool, file)))
        : readFileSync(join(tool, file), 'utf8');
    expect(files.filter(isRecording).length).toBe(5);
    const text = files.map(read).join('\n');
    // The visible cases' expected output is the tool's by design (the recording); a line of a solution's
    // own tests that quotes it is no secret there.
    const recorded = files.filter(isRecording).map(read).join('\n');
    expect(secrets.filter((line) => text.includes(line) && !recorded.includes(line))).toEqual([]);
    // No hidden transcript case either: its words, as a case id would hold them.
    const hidden = readFileSync(join(REPO_ROOT, 'instructor/classic/transcripts.txt'), 'utf8')
      .split('\n')
      .filter((line) => /^\d/.test(line))
      .map((line) => line.trim().split(/\s+/).join('_'));
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.filter((words) => text.includes(`:${words}"`))).toEqual([]);
  });

  it('installs isolated-vm as the project does: a version for each Node, built by pnpm, on the same Nodes', () => {
    const read = (path: string) => readFileSync(path, 'utf8');
    const optional = (dir: string) =>
      (JSON.parse(read(join(dir, 'apps/grader/package.json'))) as { optionalDependencies: object })
        .optionalDependencies;
    // The aliases the client tries are those pnpm installs: 5.x for Node 20, 6.x for 22, 7.x for 24
    // (engines pick; 6.x and 7.x ship binaries for 22 and 24).
    expect(optional(tool)).toEqual(optional(REPO_ROOT));
    expect(Object.keys(optional(tool)).sort()).toEqual([...ISOLATED_VM_PACKAGES].sort());
    expect(optional(tool)).toMatchObject({
      'isolated-vm': expect.stringMatching(/^5\./),
      'isolated-vm-node22': expect.stringMatching(/^npm:isolated-vm@6\./),
      'isolated-vm-node24': expect.stringMatching(/^npm:isolated-vm@7\./),
    });
    // pnpm 10 runs no install script it is not told to: without isolated-vm here, no isolates.
    const built = (dir: string) =>
      (parse(read(join(dir, 'pnpm-workspace.yaml'))) as { onlyBuiltDependencies: string[] })
        .onlyBuiltDependencies;
    expect(built(tool)).toEqual(built(REPO_ROOT));
    expect(built(tool)).toContain('isolated-vm');
    // Only the build the running Node loads is installed (test/3-sandbox/isolated-vm-install.test.ts):
    // the same hook, and a lockfile that records its narrowed engines.
    expect(read(join(tool, '.pnpmfile.cjs'))).toBe(read(join(REPO_ROOT, '.pnpmfile.cjs')));
    expect(read(join(tool, 'pnpm-lock.yaml'))).toContain("engines: {node: '>=18 <22'}");
    const engines = (dir: string) =>
      (JSON.parse(read(join(dir, 'package.json'))) as { engines: object }).engines;
    expect(engines(tool)).toEqual(engines(REPO_ROOT));
    expect(read(join(tool, 'README.md'))).toContain('npm install -g pnpm@10 && pnpm install\n');
  });

  it('installs, and grades as a student runs it: full marks for a correct submission, the usual feedback for a wrong one', () => {
    install();
    const subs = join(root, 'subs');
    for (const name of ['correct-tested', 'wrong-shuffle-from-new-deck', 'wrong-deck-empty-never-thrown'])
      cpSync(join(REPO_ROOT, 'fixtures/submissions/classic', name), join(subs, name), { recursive: true });
    // By name, from the tool's folder, as its README says.
    const check = (name: string, ...options: string[]) =>
      spawnSync(join(tool, 'node_modules/.bin/pitboss'), ['check', join(subs, name), ...options], {
        cwd: tool,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
    const correct = check('correct-tested');
    expect(correct.status, correct.stderr).toBe(0);
    // In isolates, as graded: the tool's install built isolated-vm for this Node.
    expect(correct.stderr).not.toContain('no isolates');
    expect(correct.stdout).toMatch(/^Score (\d+)\/\1 /m);
    // Its own tests, run on its own code, each listed as passing; the mutants are for grading.
    const testFiles = readdirSync(join(subs, 'correct-tested', 'tests')).filter((f) =>
      f.endsWith('.test.ts'),
    );
    expect(correct.stdout).toMatch(/Your tests, on your own code: (\d+) of \1 pass\./);
    for (const file of testFiles) expect(correct.stdout).toContain(`pass tests/${file} > `);
    expect(correct.stdout).not.toContain('FAIL tests/');
    expect(correct.stdout).toContain('your tests expose is scored when your submission is graded');
    // What it does not check of the course's visible tests, each part with its points and why: with
    // them, its maximum is the grader's.
    const local = JSON.parse(check('correct-tested', '--format', 'json').stdout) as Report;
    const graded = json<Report>(pitboss(['check', join(subs, 'correct-tested'), '--format', 'json']));
    const gradedPart = (file: string) => graded.parts.find((part) => part.file === file)?.maxScore;
    expect(local.notChecked).toEqual([
      { file: 'blackjack.ts', maxScore: gradedPart('blackjack.ts'), reason: 'linked-transcripts' },
      { file: 'your tests', maxScore: gradedPart('your tests'), reason: 'mutants' },
    ]);
    expect(courseMaxScore(local)).toBe(graded.maxScore);
    expect(correct.stdout).toContain(
      `(the visible tests this tool checks: ${local.maxScore} of the course's ${graded.maxScore} visible points;`,
    );
    expect(correct.stdout).toMatch(
      /^ +-\/\d+ {2}blackjack\.ts: not checked here, its transcripts run it with/m,
    );
    // Installed and checked, a clone of it shows nothing new but its own files: .gitignore holds the rest.
    expect(spawnSync('git', ['init', '-q'], { cwd: tool }).status).toBe(0);
    const untracked = spawnSync('git', ['ls-files', '--others', '--exclude-standard'], {
      cwd: tool,
      encoding: 'utf8',
    })
      .stdout.split('\n')
      .filter(Boolean);
    rmSync(join(tool, '.git'), { recursive: true, force: true });
    const own = (JSON.parse(readFileSync(join(tool, '.pitboss-tool.json'), 'utf8')) as { files: string[] })
      .files;
    expect(untracked.filter((file) => !own.includes(file))).toEqual([]);
    expect(untracked.length).toBe(own.length);
    const wrong = check('wrong-shuffle-from-new-deck');
    expect(wrong.status).toBe(1);
    expect(wrong.stdout).toMatch(/new deck; .*deal\(\) returned \w+ of \w+; expected \w+ of \w+/);
    expect(wrong.stdout).toContain('scored when your submission is graded');
    // A live property (no reference in the tool) shows the bug where it is.
    const empty = check('wrong-deck-empty-never-thrown');
    expect(empty.status).toBe(1);
    expect(empty.stdout).toMatch(
      /FAIL +After any shuffles, the 53rd deal throws DeckEmpty +\[deck\.ts, 0\/0\]\n +new deck; 52 deals; deal #53 returned [^;\n]+; expected it to throw DeckEmpty/,
    );
    // --keep writes the recorded case that failed, as a test; a live property has no answers to keep.
    const kept = check('wrong-deck-empty-never-thrown', '--keep');
    const keptFile = join(subs, 'wrong-deck-empty-never-thrown/tests/kept.deck.deck-empty.test.ts');
    expect(kept.stdout).toContain(`kept: ${keptFile}\n`);
    expect(kept.stdout).toContain('not kept: live.deck.deck-empty-after-52-deals: ');
    expect(readFileSync(keptFile, 'utf8')).toMatch(
      /@pitboss-kept[\s\S]*assert\.throws\(\(\) => s0\.deal\(\), \(error\) => isNamed\(error, "DeckEmpty"\)/,
    );
  });

  it('records with a seed of its own: a hand answering from the recording passes there, not when graded', () => {
    // The attack: every recorded call sequence of the hand tests with the reference's answer, and a
    // Hand that looks its answer up instead of counting.
    type Step = { wire: { op: string; method?: string; args?: unknown[] }; expect: { value?: unknown } };
    const recording = readRecording(join(tool, 'graders/classic', RECORDING_FILE)) as unknown as {
      unitTests: { id: string; scripts: Step[][] }[];
    };
    const answers: Record<string, unknown> = {};
    const randomDrawn = ['hand.random-cards', 'hand.over-21', 'hand.discard-all'];
    for (const test of recording.unitTests.filter((t) => randomDrawn.includes(t.id)))
      for (const script of test.scripts) {
        const calls: unknown[] = [];
        for (const step of script) {
          if (step.wire.op !== 'call') continue;
          calls.push([step.wire.method, step.wire.args]);
          // The recording keeps a value as the executor encodes it: { $: 'object', v: {count, soft} }.
          if (step.wire.method === 'handValue')
            answers[JSON.stringify(calls)] = (step.expect.value as { v: unknown }).v;
        }
      }
    const stub = join(root, 'subs', 'hand-from-the-recording');
    cpSync(join(REPO_ROOT, 'fixtures/submissions/classic/correct-indexed'), stub, { recursive: true });
    writeFileSync(
      join(stub, 'hand.ts'),
      `import type { Card } from './card';
import type { HandADT, HandValue } from './contract';
const ANSWERS: Record<string, HandValue> = ${JSON.stringify(answers)};
export class Hand implements HandADT {
  private calls: unknown[] = [];
  discardAll(): void { this.calls.push(['discardAll', []]); }
  addCard(card: Card): void { this.calls.push(['addCard', [{ data: { spot: card.spot, suit: card.suit } }]]); }
  handValue(): HandValue {
    this.calls.push(['handValue', []]);
    return ANSWERS[JSON.stringify(this.calls)] ?? { count: 0, soft: false };
  }
}
`,
    );
    const inTool = spawnSync(
      join(tool, 'node_modules/.bin/pitboss'),
      ['check', stub, '--only', 'hand.', '--format', 'json'],
      {
        cwd: tool,
        encoding: 'utf8',
      },
    );
    const local = JSON.parse(inTool.stdout) as Report;
    const randomDraws = (report: Report) => report.tests.filter((t) => randomDrawn.includes(t.id));
    expect(randomDraws(local).map((t) => t.status)).toEqual(['passed', 'passed', 'passed']);
    const graded = json<Report>(pitboss(['check', stub, '--only', 'hand.', '--format', 'json']));
    expect(randomDraws(graded).map((t) => t.status)).toEqual(['failed', 'failed', 'failed']);
  });

  it('C++: no reference source, object or mutant, only the public parts; the README says how', () => {
    const files = [...filesUnder(tool)].map((file) => relative(tool, file));
    const cpp = files.filter((file) => /\.(cpp|cc|h|o|a|so)$/.test(file));
    // The handout's files, the harness (no test, no answer) and the tool's stand-ins, and nothing else;
    // of a whole program, its handout alone (what `pitboss init` writes).
    expect(cpp.sort()).toEqual(
      [
        ...[
          ...readdirSync(join(REPO_ROOT, 'graders/classic/provided-cpp')).map((f) => `provided-cpp/${f}`),
          'harness-cpp/harness.cpp',
          'stand-ins-cpp/deck.cpp',
          'stand-ins-cpp/hand.cpp',
          'stand-ins-cpp/player.cpp',
        ].map((file) => `graders/classic/${file}`),
        ...wholePrograms.flatMap(({ rules, edition }) => {
          const whole = edition.native!.wholeProgram!;
          return [
            ...readdirSync(edition.native!.providedDir)
              .filter((f) => /\.(cpp|cc|h)$/.test(f))
              .map((f) => `graders/${rules}/handout-cpp/${f}`),
            ...(whole.courseFiles === undefined ? [] : readdirSync(whole.courseFiles)).map(
              (f) => `graders/${rules}/course-cpp/${f}`,
            ),
            ...(whole.harness === undefined
              ? []
              : [`graders/${rules}/harness-cpp/${basename(whole.harness.source)}`]),
          ];
        }),
      ].sort(),
    );
    // A whole program's edition ships no module (its language is data in the recording), only its
    // handout, its course files and harness where it has them, and its rubric.
    for (const { rules } of wholePrograms) {
      expect(
        files
          .filter(
            (file) =>
              file.startsWith(`graders/${rules}/`) && /cpp/.test(file) && !/rubric-cpp\.json$/.test(file),
          )
          .sort(),
      ).toEqual(
        files
          .filter(
            (file) =>
              /^graders\/[a-z]+\/(handout|course|harness)-cpp\//.test(file) &&
              file.startsWith(`graders/${rules}/`),
          )
          .sort(),
      );
      expect(readFileSync(join(tool, 'graders', rules, 'index.ts'), 'utf8')).not.toMatch(/cpp|language/);
    }
    // The stand-ins count no card: none of the reference's lines, and no rule of the game (checked
    // with the secrets above); the recording is the one the TypeScript edition replays.
    const recording = readRecording(join(tool, 'graders/classic', RECORDING_FILE)) as unknown as {
      languages: Record<string, { studentFiles: { name: string }[] }>;
      languagesNotHere: object;
    };
    expect(recording.languages.cpp!.studentFiles.map((f) => f.name)).toEqual([
      'deck.cpp',
      'hand.cpp',
      'player.cpp',
      'blackjack.cpp',
    ]);
    expect(recording.languagesNotHere).toEqual({});
    const readme = readFileSync(join(tool, 'README.md'), 'utf8');
    for (const rules of ['classic', ...wholePrograms.map((each) => each.rules)]) {
      expect(readme).toContain(`pnpm --silent pitboss init my-cpp --assignment ${rules} --language cpp`);
      expect(readme).toContain(`pnpm --silent pitboss check my-cpp --assignment ${rules}`);
      const { languagesNotHere } = readRecording(join(tool, 'graders', rules, RECORDING_FILE));
      expect(languagesNotHere).toEqual({});
    }
    expect(readme).not.toContain('TypeScript submissions only');
    // Every edition the course grades, the tool checks.
    expect(readme).not.toContain('It does not check');
  });

  it('C++: installs and checks as a student does, with the verdicts the grader gives the visible tests', () => {
    install();
    // As root, the sandbox's own uid compiles and links: it must pass through the folders above the
    // tool's provided headers and its cache, which a private (0700) folder does not let it (a student
    // is not root, and runs as itself). The TypeScript tests above keep the folder private.
    chmodSync(root, 0o755);
    try {
      checkCpp();
    } finally {
      chmodSync(root, 0o700);
    }
  });

  function checkCpp() {
    // The starter: the handout's headers and sources, the stubs, the Makefile and the example test.
    const starter = join(root, 'cpp-starter');
    const init = inTool(['init', starter, '--language', 'cpp']);
    expect(init.status, init.stderr).toBe(0);
    for (const file of ['deck.cpp', 'Makefile', 'tests/deck_shuffle_returns_dealt_card.cpp'])
      expect(readFileSync(join(starter, file), 'utf8')).toBe(
        readFileSync(join(REPO_ROOT, 'graders/classic/starter-cpp', file), 'utf8'),
      );
    expect(readFileSync(join(starter, 'deck.h'), 'utf8')).toBe(
      readFileSync(join(REPO_ROOT, 'graders/classic/provided-cpp/deck.h'), 'utf8'),
    );
    const subs = join(root, 'cpp-subs');
    const statuses = (report: Report) =>
      Object.fromEntries(report.tests.map((test) => [test.id, test.status]));
    const inTheTool = new Map<string, Record<string, string>>();
    for (const name of [
      'correct-tested',
      'wrong-shuffle-left-first',
      'wrong-hand-soft-kept-after-lowering',
    ]) {
      const folder = join(subs, name);
      cpSync(join(REPO_ROOT, 'fixtures/submissions/classic-cpp', name), folder, { recursive: true });
      const run = inTool(['check', folder, '--format', 'json']);
      expect(run.stderr).toBe('');
      const local = JSON.parse(run.stdout) as Report;
      expect(local.language).toBe('cpp');
      // The grader's check of the same folder (a copy: check writes .pitboss/ in it).
      const copy = join(root, 'cpp-graded', name);
      cpSync(join(REPO_ROOT, 'fixtures/submissions/classic-cpp', name), copy, { recursive: true });
      const graded = json<Report>(pitboss(['check', copy, '--format', 'json']));
      const ours = statuses(local);
      inTheTool.set(name, ours);
      const theirs = statuses(graded);
      // Every recorded test and transcript the tool runs is a visible test of the grader's, with its verdict.
      const shared = Object.keys(ours).filter((id) => !id.startsWith('live.'));
      expect(shared.length).toBe(33);
      expect(Object.fromEntries(shared.map((id) => [id, ours[id]]))).toEqual(
        Object.fromEntries(shared.map((id) => [id, theirs[id]])),
      );
      if (name === 'correct-tested') {
        expect(run.status).toBe(0);
        expect(local.score).toBe(local.maxScore);
        // Its own tests, run on its own code, each passing.
        expect(local.studentTests.cases.length).toBe(10);
        expect(local.studentTests.cases.every((c) => c.valid)).toBe(true);
      } else {
        expect(run.status).toBe(1);
        expect(Object.values(ours)).toContain('failed');
      }
      // The file at fault fails its own tests only: a wrong hand.cpp fails no test of player.cpp.
      if (name === 'wrong-hand-soft-kept-after-lowering')
        expect(local.tests.filter((t) => t.file === 'player.cpp' && t.status !== 'passed')).toEqual([]);
    }
    // In words, as a student reads it: the smallest recorded case that fails.
    const wrong = inTool(['check', join(subs, 'wrong-shuffle-left-first')]);
    expect(wrong.stdout).toMatch(/deal\(\) returned \w+ of \w+; expected \w+ of \w+/);
    // Where bubblewrap cannot run (the tool's deliberate policy, in its README): one line says so, and
    // the student's own code runs without it, with the same verdicts.
    const bare = inTool(['check', join(subs, 'wrong-shuffle-left-first'), '--format', 'json'], {
      PITBOSS_DISABLE_LAYERS: 'bwrap',
    });
    expect(bare.stderr).toMatch(/^pitboss: WARNING: not enforced: bubblewrap cannot run here .*\n$/);
    expect(statuses(JSON.parse(bare.stdout) as Report)).toEqual(inTheTool.get('wrong-shuffle-left-first'));
  }
  it("C++ whole programs: init and check as a student does, with the grader's verdicts, no reference in the tool", () => {
    install();
    // As above: the sandbox's uid builds in the folders below this one.
    chmodSync(root, 0o755);
    try {
      checkWholePrograms();
    } finally {
      chmodSync(root, 0o700);
    }
  });

  function checkWholePrograms() {
    const statuses = (report: Report) =>
      Object.fromEntries(report.tests.map((test) => [test.id, [test.status, test.score]]));
    for (const { rules, edition } of wholePrograms) {
      // The starter: the course's handout and the edition's starter files, as the grader's init writes them.
      const starter = join(root, `${rules}-cpp`, 'my-cpp');
      const init = inTool(['init', starter, '--assignment', rules, '--language', 'cpp']);
      expect(init.status, init.stderr).toBe(0);
      for (const file of readdirSync(edition.native!.providedDir))
        expect(readFileSync(join(starter, file), 'utf8')).toBe(
          readFileSync(join(edition.native!.providedDir, file), 'utf8'),
        );
      for (const [file, text] of Object.entries(edition.starterFiles))
        expect(readFileSync(join(starter, file), 'utf8')).toBe(text);
      // Built and run: a starter plays no game, and says so in the visible transcripts' failures.
      const begun = inTool(['check', starter, '--assignment', rules, '--format', 'json']);
      expect(begun.stderr).toBe('');
      expect(begun.status).toBe(1);
      const report = JSON.parse(begun.stdout) as Report;
      expect(report.language).toBe('cpp');
      expect(report.tests.length).toBeGreaterThan(0);
      expect(report.tests.every((test) => test.kind === 'transcript')).toBe(true);
      expect(report.score).toBeLessThan(report.maxScore);
      // The fixtures, each checked by the tool and by the grader (copies: check writes .pitboss/ in them).
      const fixtures = join(REPO_ROOT, 'fixtures/submissions', `${rules}-cpp`);
      const names =
        rules === 'straights'
          ? [
              'correct-procedural',
              'wrong-tie-one-winner',
              'format-no-prompt',
              'wrong-missing-algorithm-header',
            ]
          : // Every correct one: a Makefile naming no standard (gnu98-stream-as-pointer) builds as the
            // course's compiler did, in the tool as when graded.
            readdirSync(fixtures).filter((name) => name.startsWith('correct-'));
      for (const name of names) {
        const folder = join(root, `${rules}-cpp`, name);
        cpSync(join(fixtures, name), folder, { recursive: true });
        const run = inTool(['check', folder, '--assignment', rules, '--format', 'json']);
        expect(run.stderr).toBe('');
        const local = JSON.parse(run.stdout) as Report;
        const copy = join(root, `${rules}-cpp-graded`, name);
        cpSync(join(fixtures, name), copy, { recursive: true });
        const graded = json<Report>(pitboss(['check', copy, '--assignment', rules, '--format', 'json']));
        // Every visible transcript, with the grader's status and score (the game and the format each its part).
        expect(statuses(local)).toEqual(statuses(graded));
        expect(local.tests.length).toBe(graded.tests.length);
        if (name.startsWith('correct-')) {
          expect(run.status).toBe(0);
          expect(local.score).toBe(local.maxScore);
        } else expect(run.status).toBe(1);
        // The right game in another layout loses the format's part alone.
        if (name === 'format-no-prompt') {
          // A case whose course output holds no event has no game part: judged on its format alone.
          expect(local.tests.some((test) => test.parts !== undefined)).toBe(true);
          expect(local.tests.every((test) => test.parts === undefined || test.parts.game.passed)).toBe(true);
          expect(local.tests.some((test) => test.parts?.format.passed === false)).toBe(true);
        }
        if (name === 'wrong-missing-algorithm-header')
          expect(local.tests[0]!.message).toMatch(/#include <algorithm>/);
      }
    }
    // Where bubblewrap cannot run: one line says so, the program runs without it, the verdicts are the same.
    const folder = join(root, 'straights-cpp', 'wrong-tie-one-winner');
    const sandboxed = JSON.parse(inTool(['check', folder, '--format', 'json']).stdout) as Report;
    const bare = inTool(['check', folder, '--format', 'json'], { PITBOSS_DISABLE_LAYERS: 'bwrap' });
    expect(bare.stderr).toMatch(/^pitboss: WARNING: not enforced: bubblewrap cannot run here .*\n$/);
    expect(bare.status).toBe(1);
    expect(statuses(JSON.parse(bare.stdout) as Report)).toEqual(statuses(sandboxed));
  }
});
