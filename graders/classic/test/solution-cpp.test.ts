// The C++ reference solution (solution-cpp), built with g++ against the provided headers and sources
// (provided-cpp), prints what the TypeScript reference prints, byte for byte: every golden and course
// transcript of the classic game, and every transcript case the classic grader runs. Built once into
// a temporary folder; the program plays a 5000-hand game in a few hundredths of a second.

import { execFile, type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignment } from '../index.ts';

const CLASSIC = fileURLToPath(new URL('..', import.meta.url));
const SOLUTION = join(CLASSIC, 'solution-cpp');
const PROVIDED = join(CLASSIC, 'provided-cpp');
const FIXTURES = fileURLToPath(new URL('../../../fixtures', import.meta.url));
/** The reference's golden transcripts, then the course's own outputs. */
const GOLDEN_FOLDERS = [join(FIXTURES, 'transcripts/classic'), join(FIXTURES, 'compat/classic')];

/** The flags Pitboss builds C++ submissions with. */
const FLAGS = ['-std=c++17', '-O2', '-Wall', '-Wextra'];
const STUDENT_FILES = ['deck.cpp', 'hand.cpp', 'player.cpp', 'blackjack.cpp'];
const PROVIDED_FILES = ['card.cpp', 'rand.cpp'];
/** What the handout lets the four files include from the system. */
const ALLOWED_SYSTEM_HEADERS = new Set(['iostream', 'iomanip', 'string', 'cstdlib', 'cassert']);

const gppFound = spawnSync('g++', ['--version']).status === 0;

interface GoldenCase {
  words: string[];
  file: string;
}

/** A golden folder's cases.txt: one case a line, the CLI's words; the file is the words joined by `_`. */
function goldenCases(folder: string): GoldenCase[] {
  return readFileSync(join(folder, 'cases.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const words = line.split(/\s+/);
      // An option's dashes are dropped from the name (`--seed 7` is `seed_7`), a negative number's are not.
      const name = words.map((word) => word.replace(/^-+(?!\d)/, '')).join('_');
      return { words, file: join(folder, `${name}.txt`) };
    });
}

interface Run {
  status: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Where two outputs first differ, by line, in words a failure can show; undefined when they are equal. */
function firstDifference(actual: Buffer, expected: Buffer): string | undefined {
  if (actual.equals(expected)) return undefined;
  const actualLines = actual.toString('utf8').split('\n');
  const expectedLines = expected.toString('utf8').split('\n');
  const line = expectedLines.findIndex((text, i) => actualLines[i] !== text);
  const at = line === -1 ? expectedLines.length : line;
  return `line ${at + 1}: expected ${JSON.stringify(expectedLines[at])}, got ${JSON.stringify(actualLines[at])}`;
}

describe.skipIf(!gppFound)(
  gppFound ? 'the C++ reference solution' : 'the C++ reference solution (skipped: g++ is not on PATH)',
  () => {
    let buildDir = '';
    let program = '';
    let compiler: SpawnSyncReturns<string> | undefined;

    const run = (words: readonly string[]): Promise<Run> =>
      new Promise((resolve, reject) => {
        const child = execFile(
          program,
          [...words],
          { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, timeout: 30_000 },
          (error, stdout, stderr) => {
            if (error !== null && typeof error.code !== 'number') reject(error);
            else resolve({ status: child.exitCode, stdout, stderr: stderr.toString('utf8') });
          },
        );
      });

    beforeAll(() => {
      buildDir = mkdtempSync(join(tmpdir(), 'pitboss-solution-cpp-'));
      program = join(buildDir, 'blackjack');
      compiler = spawnSync(
        'g++',
        [
          ...FLAGS,
          `-I${PROVIDED}`,
          '-o',
          program,
          ...STUDENT_FILES.map((file) => join(SOLUTION, file)),
          ...PROVIDED_FILES.map((file) => join(PROVIDED, file)),
        ],
        { encoding: 'utf8' },
      );
    }, 120_000);

    afterAll(() => {
      if (buildDir !== '') rmSync(buildDir, { recursive: true, force: true });
    });

    it(`compiles with g++ ${FLAGS.join(' ')} without a warning`, () => {
      expect(compiler?.error).toBeUndefined();
      expect(compiler?.stderr).toBe('');
      expect(compiler?.status).toBe(0);
    });

    it('includes no system header the handout forbids', () => {
      for (const file of STUDENT_FILES) {
        const source = readFileSync(join(SOLUTION, file), 'utf8');
        for (const [, header] of source.matchAll(/^\s*#\s*include\s*<([^>]+)>/gm)) {
          expect(ALLOWED_SYSTEM_HEADERS.has(header!), `${file} includes <${header}>`).toBe(true);
        }
      }
    });

    const golden = GOLDEN_FOLDERS.flatMap((folder) => goldenCases(folder));

    it('has golden transcripts to compare with, the course outputs and a --seed case among them', () => {
      expect(golden.length).toBeGreaterThanOrEqual(20);
      expect(golden.some((c) => c.file.includes('compat'))).toBe(true);
      expect(golden.some((c) => c.words.includes('--seed'))).toBe(true);
      // Every golden file of the folders is a case (none left unread).
      for (const folder of GOLDEN_FOLDERS) {
        const files = readdirSync(folder).filter((name) => name !== 'cases.txt');
        expect(files.map((name) => join(folder, name)).sort()).toEqual(
          golden
            .filter((c) => c.file.startsWith(folder))
            .map((c) => c.file)
            .sort(),
        );
      }
    });

    it.each(golden.map((c) => [c.file.slice(FIXTURES.length + 1), c] as const))(
      'prints %s byte for byte',
      async (_, goldenCase) => {
        const { status, stdout, stderr } = await run(goldenCase.words);
        expect(stderr).toBe('');
        expect(status).toBe(0);
        expect(firstDifference(stdout, readFileSync(goldenCase.file))).toBeUndefined();
      },
    );

    it.each(assignment.transcripts.cases.map((c) => [`${c.group}: ${c.words.join(' ')}`, c] as const))(
      'prints what the TypeScript reference prints for the grader case %s',
      async (_, transcriptCase) => {
        const { status, stdout } = await run(transcriptCase.words);
        expect(status).toBe(0);
        const expected = Buffer.from(assignment.transcripts.expected(transcriptCase), 'utf8');
        expect(firstDifference(stdout, expected)).toBeUndefined();
      },
    );

    // SPEC section 5: the reference CLI's duty, which the handout let students skip.
    it.each([
      [[], 'expected 3 words, got 0'],
      [['100', '3'], 'expected 3 words, got 2'],
      [['100', 'three', 'simple'], "hands must be an integer, got 'three'"],
      [['0', '3', 'simple'], 'bankroll must be positive, got 0'],
      [['-5', '3', 'simple'], 'bankroll must be positive, got -5'],
      [['100', '3', 'poker'], "unknown player type 'poker'"],
      [['100', '3', 'simple', '--seed'], "option '--seed' needs a value"],
      [['--seed', '-1', '100', '3', 'simple'], "--seed must be an integer from 0 to 4294967295, got '-1'"],
      [['--rules', 'minbet', '100', '3', 'simple'], "unknown option '--rules'"],
    ] as const)('refuses %j: one line on stderr, nothing on stdout, status 2', async (words, problem) => {
      const { status, stdout, stderr } = await run(words);
      expect(stdout.length).toBe(0);
      expect(status).toBe(2);
      expect(stderr).toContain(problem);
      expect(stderr.endsWith('\n') && stderr.indexOf('\n') === stderr.length - 1).toBe(true);
    });
  },
);
