// The C++ mutant catalogue (mutants-cpp.json, and the instructor's private part beside mutants.json):
// every mutant of the TypeScript catalogue as one edit of solution-cpp, or listed as omitted with why.
// Each mutant is built with the flags Pitboss grades C++ with and must compile without a warning;
// then a fixed set of golden transcript cases is run on it, and the mutants that no case shows are
// pinned below, so a change to the catalogue, the solution or the cases is noticed.
// The unchanged files are compiled once; per mutant only its file is compiled, then linked.

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLASSIC = fileURLToPath(new URL('..', import.meta.url));
const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const SOLUTION = join(CLASSIC, 'solution-cpp');
const PROVIDED = join(CLASSIC, 'provided-cpp');
const FIXTURES = join(REPO, 'fixtures');

/** The flags Pitboss builds C++ submissions with (as solution-cpp.test.ts). */
const FLAGS = ['-std=c++17', '-O2', '-Wall', '-Wextra'];
const STUDENT_FILES = ['deck.cpp', 'hand.cpp', 'player.cpp', 'blackjack.cpp'];
const PROVIDED_FILES = ['card.cpp', 'rand.cpp'];
/** The machine's two cores are shared: at most this many compilers or games at once. */
const JOBS = 2;
/** A mutant that loops or waits is shown by its timeout; the longest case takes well under a second. */
const RUN_TIMEOUT_MS = 20_000;

/**
 * The golden cases each mutant plays, cheapest first (a mutant stops at the first case that shows it):
 * a broke start, a single hand, the counting player around its doubling bankroll, long games with
 * reshuffles, other seeds, and the course's 5000-hand games.
 */
const CASES: readonly { folder: 'transcripts' | 'compat'; line: string }[] = [
  { folder: 'compat', line: '1 10 counting' },
  { folder: 'transcripts', line: '4 1 simple' },
  { folder: 'transcripts', line: '5 1 simple' },
  { folder: 'transcripts', line: '9 40 counting' },
  { folder: 'transcripts', line: '10 40 counting' },
  { folder: 'transcripts', line: '--seed 7 100 100 counting' },
  { folder: 'transcripts', line: '--seed 4294967295 50 50 simple' },
  { folder: 'transcripts', line: '100 200 simple' },
  { folder: 'transcripts', line: '300 500 counting' },
  { folder: 'compat', line: '100 5000 simple' },
  { folder: 'compat', line: '100 5000 counting' },
  { folder: 'compat', line: '5000 5000 counting' },
];

/**
 * The mutants no case above shows: a transcript cannot tell them from the solution, so the grader's
 * unit tests must catch them.
 */
const UNSHOWN = [
  // The driver never calls reset(), and cuts only from 13 to 39.
  'deck.reset-keeps-order',
  'deck.reset-keeps-position',
  'deck.shuffle-zero-resets',
  'deck.shuffle-52-does-nothing',
  // A hand starts with 20 cards or more left, so no game deals the 52nd card.
  'deck.empty-one-early',
  'deck.empty-one-late',
  // The driver asks for its player once.
  'player.simple-new-instance',
  'player.counting-new-instance',
];

interface TsEntry {
  id: string;
  file: string;
  description: string;
  find: string;
  replace: string;
}

interface CppCatalogue {
  $comment: string;
  omitted: { id: string; why: string }[];
  mutants: TsEntry[];
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

const PARTS = [
  {
    part: 'public',
    ts: readJson<{ mutants: TsEntry[] }>(join(CLASSIC, 'mutants.json')),
    cpp: readJson<CppCatalogue>(join(CLASSIC, 'mutants-cpp.json')),
  },
  {
    part: 'private',
    ts: readJson<{ mutants: TsEntry[] }>(join(REPO, 'instructor/classic/mutants.json')),
    cpp: readJson<CppCatalogue>(join(REPO, 'instructor/classic/mutants-cpp.json')),
  },
] as const;

const MUTANTS = PARTS.flatMap(({ cpp }) => cpp.mutants);
const solutionSource = (file: string): string => readFileSync(join(SOLUTION, file), 'utf8');
const occurrences = (text: string, find: string): number => text.split(find).length - 1;
/** The mutated file: the solution's with the mutant's one edit. */
const mutatedSource = (mutant: TsEntry): string =>
  solutionSource(mutant.file).replace(mutant.find, () => mutant.replace);

interface Done {
  status: number | null;
  stdout: Buffer;
  stderr: string;
  /** Killed for its time, or could not start. */
  failed: boolean;
}

function run(file: string, args: readonly string[], cwd?: string): Promise<Done> {
  return new Promise((resolve) => {
    const child = execFile(
      file,
      [...args],
      {
        encoding: 'buffer',
        maxBuffer: 64 * 1024 * 1024,
        timeout: RUN_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        ...(cwd === undefined ? {} : { cwd }),
      },
      (error, stdout, stderr) => {
        const failed = error !== null && typeof error.code !== 'number';
        resolve({ status: child.exitCode, stdout, stderr: stderr.toString('utf8'), failed });
      },
    );
  });
}

/** Runs task on every item, at most JOBS at once. */
async function pooled<T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: JOBS }, worker));
}

describe('the C++ mutant catalogue, as data', () => {
  it.each(PARTS.map((p) => [p.part, p] as const))(
    '%s: has every TypeScript mutant of its part, by id and in order, or omits it with why',
    (_, { ts, cpp }) => {
      const omitted = cpp.omitted.map((o) => o.id);
      expect(cpp.mutants.map((m) => m.id)).toEqual(
        ts.mutants.map((m) => m.id).filter((id) => !omitted.includes(id)),
      );
      for (const { id, why } of cpp.omitted) {
        expect(
          ts.mutants.some((m) => m.id === id),
          `${id} is a TypeScript mutant`,
        ).toBe(true);
        expect(why.length).toBeGreaterThan(20);
      }
      expect(Object.keys(cpp).sort()).toEqual(['$comment', 'mutants', 'omitted']);
    },
  );

  it.each(MUTANTS.map((m) => [m.id, m] as const))(
    '%s: one edit of a solution-cpp file, its text found exactly once, giving a different source',
    (_, mutant) => {
      expect(Object.keys(mutant).sort()).toEqual(['description', 'file', 'find', 'id', 'replace']);
      expect(STUDENT_FILES).toContain(mutant.file);
      expect(mutant.description.length).toBeGreaterThan(0);
      expect(occurrences(solutionSource(mutant.file), mutant.find)).toBe(1);
      expect(mutatedSource(mutant)).not.toBe(solutionSource(mutant.file));
    },
  );

  it('lists the cases it plays, each a line of its folder cases.txt', () => {
    for (const { folder, line } of CASES) {
      const listed = readFileSync(join(FIXTURES, folder, 'classic/cases.txt'), 'utf8').split('\n');
      expect(listed, `${folder}: ${line}`).toContain(line);
    }
  });
});

const gppFound = (await run('g++', ['--version'])).status === 0;

interface Outcome {
  compiler: Done;
  /** The first case whose output differs from its golden transcript; undefined when none does. */
  shownBy?: string;
}

describe.skipIf(!gppFound)(
  gppFound
    ? 'the C++ mutants, built and played'
    : 'the C++ mutants, built and played (skipped: g++ is not on PATH)',
  () => {
    let buildDir = '';
    const unchanged = new Map<string, Done>();
    const outcomes = new Map<string, Outcome>();
    const golden = CASES.map(({ folder, line }) => {
      const words = line.split(/\s+/);
      const name = words.map((word) => word.replace(/^-+(?!\d)/, '')).join('_');
      return { line, words, expected: readFileSync(join(FIXTURES, folder, 'classic', `${name}.txt`)) };
    });
    const object = (file: string): string => join(buildDir, 'objects', file.replace(/\.cpp$/, '.o'));

    beforeAll(async () => {
      buildDir = mkdtempSync(join(tmpdir(), 'pitboss-mutants-cpp-'));
      mkdirSync(join(buildDir, 'objects'));
      const sources = [
        ...STUDENT_FILES.map((file) => join(SOLUTION, file)),
        ...PROVIDED_FILES.map((file) => join(PROVIDED, file)),
      ];
      await pooled(sources, async (source) => {
        const file = source.slice(source.lastIndexOf('/') + 1);
        unchanged.set(file, await run('g++', [...FLAGS, `-I${PROVIDED}`, '-c', source, '-o', object(file)]));
      });
      await pooled(MUTANTS, async (mutant) => {
        const dir = join(buildDir, mutant.id);
        mkdirSync(dir);
        const source = join(dir, mutant.file);
        writeFileSync(source, mutatedSource(mutant));
        const program = join(dir, 'blackjack');
        const others = [...STUDENT_FILES, ...PROVIDED_FILES].filter((f) => f !== mutant.file).map(object);
        const compiler = await run('g++', [...FLAGS, `-I${PROVIDED}`, '-o', program, source, ...others]);
        const outcome: Outcome = { compiler };
        outcomes.set(mutant.id, outcome);
        if (compiler.status !== 0) return;
        for (const { line, words, expected } of golden) {
          const game = await run(program, words, dir);
          if (game.failed || game.status !== 0 || !game.stdout.equals(expected)) {
            outcome.shownBy = line;
            return;
          }
        }
      });
    }, 600_000);

    afterAll(() => {
      if (buildDir !== '') rmSync(buildDir, { recursive: true, force: true });
    });

    it('compiles the unchanged files without a warning', () => {
      expect([...unchanged.keys()].sort()).toEqual([...STUDENT_FILES, ...PROVIDED_FILES].sort());
      for (const [file, compiler] of unchanged) {
        expect(compiler.stderr, file).toBe('');
        expect(compiler.status, file).toBe(0);
      }
    });

    it.each(MUTANTS.map((m) => [m.id] as const))('%s compiles and links without a warning', (id) => {
      const compiler = outcomes.get(id)?.compiler;
      expect(compiler?.stderr).toBe('');
      expect(compiler?.status).toBe(0);
    });

    it('leaves unshown by every golden case exactly the mutants listed for unit tests to catch', () => {
      const unshown = MUTANTS.map((m) => m.id).filter((id) => outcomes.get(id)?.shownBy === undefined);
      expect(unshown.sort()).toEqual([...UNSHOWN].sort());
    });
  },
);
