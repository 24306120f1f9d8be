// Chance in student code: Math.random, the clocks and crypto answer alike on every run of a student's
// process (3-sandbox/children/chance.ts), so a grade never rests on luck; each use is told, and reported as a
// warning naming the student's file and the call.
import { chmodSync, cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { studentChance } from '../../src/3-sandbox/chance.ts';
import { CHANCE_CALLS } from '../../src/3-sandbox/children/chance.ts';
import { runProgram } from '../../src/3-sandbox/process/process.ts';
import type { Limits } from '../../src/kit/assignment.ts';
import { pitboss, pitbossHere, REPO_ROOT, scratch, withBug } from '../support.ts';

const limits: Limits = { testTimeoutMs: 4000, programTimeoutMs: 12_000, heapMb: 128, outputBytes: 1 << 16 };
const RANDOM_BET = join(REPO_ROOT, 'fixtures/submissions/classic/wrong-random-double-bet');

/** A folder the sandbox's user may enter. */
const stage = (): string => {
  const dir = scratch();
  chmodSync(dir, 0o755);
  return dir;
};

/** A program that prints one reading of every source of chance the preload makes repeatable. */
const READS_CHANCE = `import crypto from 'node:crypto';
import { randomInt } from 'node:crypto';
const readings = [
  Math.random(),
  Date.now(),
  new Date().toISOString(),
  typeof Date(),
  performance.now(),
  String(process.hrtime.bigint()),
  process.hrtime().join(','),
  crypto.randomBytes(8).toString('hex'),
  randomInt(1000000),
  crypto.randomUUID(),
  Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(8))).toString('hex'),
  new Date(0).toISOString(),
  new Date(1) instanceof Date,
];
console.log(JSON.stringify(readings));
`;

describe("a student's program run", () => {
  it('reads chance and the clocks alike on every run, and tells each use with its file', async () => {
    const dir = stage();
    writeFileSync(join(dir, 'reads.mjs'), READS_CHANCE);
    const first = await runProgram(join(dir, 'reads.mjs'), [], { cwd: dir, limits });
    const second = await runProgram(join(dir, 'reads.mjs'), [], { cwd: dir, limits });
    expect(first.stderr).toBe('');
    expect(first.stdout.toString()).toBe(second.stdout.toString());
    const readings = JSON.parse(first.stdout.toString()) as unknown[];
    // Dates made from a time are any other date.
    expect(readings.slice(-2)).toEqual(['1970-01-01T00:00:00.000Z', true]);
    expect(first.chance).toEqual(second.chance);
    const uses = studentChance(first.chance, ['reads.ts']);
    expect(uses.map((use) => use.call)).toEqual([...CHANCE_CALLS]);
    expect(new Set(uses.map((use) => use.file))).toEqual(new Set(['reads.ts']));
  });

  it('keeps its record of calls apart from its uses of chance', async () => {
    const dir = stage();
    writeFileSync(
      join(dir, 'both.mjs'),
      `import { writeSync } from 'node:fs';\nwriteSync(3, 'deck.shuffle(7)\\n');\nMath.random();\nwriteSync(3, 'deck.reset()\\n');\n`,
    );
    const run = await runProgram(join(dir, 'both.mjs'), [], { cwd: dir, limits });
    expect(run.calls).toEqual(['deck.shuffle(7)', 'deck.reset()']);
    expect(studentChance(run.chance, ['both.ts'])).toEqual([{ file: 'both.ts', call: 'Math.random' }]);
  });
});

const toldArb = fc.array(
  fc.record({
    call: fc.oneof(fc.constantFrom(...CHANCE_CALLS), fc.string()),
    file: fc.oneof(
      fc.constantFrom(
        '/work/stage/player.mjs',
        'file:///work/stage/deck.mjs',
        '/work/stage/reference/hand.mjs',
      ),
      fc.string(),
    ),
  }),
  { maxLength: 30 },
);

describe('studentChance', () => {
  it('keeps only known calls by the given files, each once, in an order of their own', () => {
    fc.assert(
      fc.property(toldArb, (told) => {
        const files = ['player.ts', 'deck.ts'];
        const uses = studentChance(told, files);
        for (const use of uses) {
          expect(CHANCE_CALLS as readonly string[]).toContain(use.call);
          expect(files).toContain(use.file);
        }
        expect(new Set(uses.map((use) => `${use.file} ${use.call}`)).size).toBe(uses.length);
        // However the process ordered or repeated what it told.
        expect(studentChance([...told].reverse().concat(told), files)).toEqual(uses);
      }),
    );
  });
});

describe('a submission whose player bets on chance', () => {
  it("is told, as the instructor's grade shows it, and scored the same on two runs", async () => {
    const grade = () => {
      const run = pitboss(['grade', RANDOM_BET, '--rules', 'classic', '--format', 'json']);
      expect(run.stderr).not.toMatch(/infrastructure/i);
      return JSON.parse(run.stdout) as Report;
    };
    const [first, second] = [grade(), grade()];
    expect(first.score).toBe(second.score);
    expect(first.tests.map((test) => [test.id, test.status, test.score])).toEqual(
      second.tests.map((test) => [test.id, test.status, test.score]),
    );
    // It loses points: its bets part from the counting player's.
    expect(first.score).toBeLessThan(first.maxScore);
    const flagged = first.tests.filter((test) => test.chance !== undefined);
    expect(flagged.length).toBeGreaterThan(0);
    for (const test of flagged) expect(test.chance).toEqual([{ file: 'player.ts', call: 'Math.random' }]);
    // Unit tests (the executor) and transcripts (the program's preload) both tell it.
    expect(new Set(flagged.map((test) => test.kind))).toEqual(new Set(['unit', 'transcript']));
  });

  it('really does bet on chance: run bare, its counting player bets both ways on one count', async () => {
    // Beside the provided card.ts it imports (grading stages it the same way).
    const dir = scratch();
    cpSync(join(RANDOM_BET, 'player.ts'), join(dir, 'player.ts'));
    cpSync(join(REPO_ROOT, 'packages/deck/src/card.ts'), join(dir, 'card.ts'));
    const { getCounting } = (await import(join(dir, 'player.ts'))) as {
      getCounting(): { bet(bankroll: number, minimum: number): number; expose(card: unknown): void };
    };
    const counting = getCounting();
    // Two low cards (a Two and a Three): a count of 2.
    counting.expose({ spot: 0, suit: 0 });
    counting.expose({ spot: 1, suit: 0 });
    const bets = new Set(Array.from({ length: 64 }, () => counting.bet(100, 5)));
    expect(bets).toEqual(new Set([5, 10]));
  });
});

// biome-ignore lint/suspicious/noTemplateCurlyInString: a line of the driver's source
const LAST_LINE = "process.stdout.write(`${out.join('\\n')}\\n`);";

describe('a program whose output rests on chance the sandbox cannot repeat', () => {
  it('is refused before it runs: no realm of its own (node:vm) is there to reach, in one line', async () => {
    // A realm of its own would have a Math.random of its own. In an isolate there is none to make:
    // the import is refused when the file is compiled, so every run prints the same.
    const dir = withBug(
      'blackjack.ts',
      LAST_LINE,
      `${LAST_LINE}\nprocess.stdout.write((await import('node:vm')).runInNewContext('Math.random()') + '\\n');`,
    );
    const run = await pitbossHere(['check', dir, '--only', 'transcript.', '--format', 'json']);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.loadErrors.map((problem) => problem.message)).toEqual([
      expect.stringContaining(
        "imports 'node:vm': Pitboss runs your code without Node's modules: node:vm is not available",
      ),
    ]);
    expect(report.tests.filter((test) => test.unrepeatable !== undefined)).toEqual([]);
  });
});
