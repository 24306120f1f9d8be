// The table game in C++, a whole program of the student's own design (cpp.ts). The C++ reference
// (solution-cpp/, built here with its own Makefile: the grader's own code) prints every golden
// transcript (fixtures/transcripts/table) and every case of the assignment as the TypeScript reference
// does, byte for byte. The C++ fixtures (fixtures/submissions/table-cpp/), graded by the built CLI in
// the sandbox: the correct one passes every case, each wrong one loses exactly the cases its bug shows
// in, told from the reference's own transcript. `pitboss init --language cpp` gives Card, Deck, a
// Makefile and a main that build.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceOf, transcriptCases } from '../transcripts.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const GOLDEN = here('../../../fixtures/transcripts/table');
const FIXTURES = here('../../../fixtures/submissions/table-cpp');
const CLI = here('../../../apps/grader/bin/pitboss.mjs');
const FOLDERS = [
  'correct-blackjack-class',
  'correct-procedural',
  'format-own-wording',
  'wrong-blackjack-beats-blackjack',
  'wrong-bust-player-wins-when-dealer-busts',
  'wrong-reseeded-every-round',
];

interface Report {
  submission: { name: string };
  score: number;
  maxScore: number;
  tests: {
    id: string;
    status: string;
    message?: string;
    parts?: { game: { passed: boolean }; format: { passed: boolean } };
  }[];
}

let work: string;
let program: string;
const reports = new Map<string, Report>();

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'table-cpp-'));
  cpSync(here('../solution-cpp'), join(work, 'reference'), { recursive: true });
  execFileSync('make', ['-s', '-C', join(work, 'reference')], { stdio: 'pipe' });
  program = join(work, 'reference', 'blackjack');
  const run = spawnSync(
    process.execPath,
    [
      CLI,
      'grade',
      ...FOLDERS.map((name) => join(FIXTURES, name)),
      '--assignment',
      'table',
      '--format',
      'json',
      '--jobs',
      '2',
    ],
    { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 28 },
  );
  for (const report of JSON.parse(run.stdout) as Report[]) reports.set(report.submission.name, report);
  if (reports.size !== FOLDERS.length) throw new Error(`graded ${reports.size}: ${run.stderr.slice(-2000)}`);
}, 600_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const run = (words: readonly string[], stdin: string) =>
  spawnSync(program, words, { input: stdin, encoding: 'utf8', timeout: 10_000 });

describe('the C++ table reference', () => {
  it('prints every golden transcript byte for byte', () => {
    const lines = readFileSync(join(GOLDEN, 'cases.txt'), 'utf8')
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) {
      const [words = '', input = ''] = line.split(' < ');
      const golden = `${words.replace(/^--/, '').split(' ').join('_')}_${input.replace(/\.in$/, '')}.txt`;
      const ran = run(words.split(' '), readFileSync(join(GOLDEN, input), 'utf8'));
      expect(ran.stdout, line).toBe(readFileSync(join(GOLDEN, golden), 'utf8'));
    }
  });

  it("prints what the TypeScript reference prints on every case of the assignment's", () => {
    for (const each of transcriptCases) {
      expect(run(each.words, each.stdin ?? '').stdout, each.input).toBe(referenceOf(each).text);
    }
  });
});

/** The public and hidden cases by their test id, with the reference's transcript (hidden ones: not here). */
const cases = new Map(
  transcriptCases.map((each) => [
    `transcript.${each.group}.own:${[...each.words, each.input].join('_')}`,
    each,
  ]),
);
const failing = (name: string) =>
  new Set(
    reports
      .get(name)!
      .tests.filter((test) => test.status !== 'passed' && cases.has(test.id))
      .map((test) => test.id),
  );
const where = (predicate: (output: string) => boolean) =>
  new Set([...cases].filter(([, each]) => predicate(referenceOf(each).text)).map(([id]) => id));
const rounds = (output: string) => output.split(/\nRound \d+:\n/).slice(1);

describe('C++ table programs of their students own design', () => {
  it("passes every case of the correct ones (procedural with a Makefile; the course's Blackjack class, built by its flags)", () => {
    for (const name of ['correct-procedural', 'correct-blackjack-class']) {
      const report = reports.get(name)!;
      expect(
        report.tests.filter((test) => test.status !== 'passed'),
        name,
      ).toEqual([]);
      expect(report.tests.length).toBeGreaterThanOrEqual(cases.size);
    }
  });

  it("gives the right game in the student's own wording every game part, and loses the format exactly where the dealer stays or busts", () => {
    const report = reports.get('format-own-wording')!;
    expect(failing('format-own-wording')).toEqual(
      where(
        (output) =>
          output.includes("Dealer's play: stay") || /Dealer's play: hit\n[^\n]+\nBusted!/.test(output),
      ),
    );
    for (const test of report.tests) expect(test.parts?.game.passed ?? true, test.id).toBe(true);
    expect(report.tests.some((test) => test.parts?.format.passed === false)).toBe(true);
    // The rubric's default weights (the game 80, the format 20): most of the points whatever the format.
    expect(report.score).toBeGreaterThanOrEqual(report.maxScore * 0.8 - 1e-9);
    expect(report.score).toBeLessThan(report.maxScore);
  });

  it('fails a blackjack paid against the dealer blackjack exactly where the two tie', () => {
    expect(failing('wrong-blackjack-beats-blackjack')).toEqual(
      where((output) => output.includes(' has blackjack--Tie')),
    );
  });

  it('fails a bust paid when the dealer busts too exactly where a round has both', () => {
    expect(failing('wrong-bust-player-wins-when-dealer-busts')).toEqual(
      where((output) =>
        rounds(output).some(
          (round) => round.includes('Dealer has busted') && round.includes(' has busted--Dealer wins'),
        ),
      ),
    );
  });

  it('fails the generator seeded again every round exactly where a second round is dealt', () => {
    expect(failing('wrong-reseeded-every-round')).toEqual(where((output) => output.includes('\nRound 2:\n')));
  });
});

describe("the C++ reference's mutants (mutants-cpp.json)", () => {
  it('each is one edit of the reference that builds and prints otherwise on some case', () => {
    const { mutants } = JSON.parse(readFileSync(here('../mutants-cpp.json'), 'utf8')) as {
      mutants: { id: string; file: string; find: string; replace: string }[];
    };
    expect(mutants.length).toBeGreaterThanOrEqual(5);
    for (const mutant of mutants) {
      const dir = join(work, 'mutants', mutant.id);
      cpSync(here('../solution-cpp'), dir, { recursive: true });
      const source = readFileSync(join(dir, mutant.file), 'utf8');
      expect(source.split(mutant.find).length, mutant.id).toBe(2);
      writeFileSync(join(dir, mutant.file), source.replace(mutant.find, mutant.replace));
      execFileSync('make', ['-s', '-C', dir], { stdio: 'pipe' });
      const differs = transcriptCases.some((each) => {
        const ran = spawnSync(join(dir, 'blackjack'), each.words, {
          input: each.stdin ?? '',
          encoding: 'utf8',
          timeout: 2000,
        });
        return ran.signal !== null || ran.stdout !== referenceOf(each).text;
      });
      expect(differs, mutant.id).toBe(true);
    }
  }, 300_000);
});

describe('pitboss init --language cpp for table', () => {
  it("writes the course's Card and Deck, a main and a Makefile that build ./blackjack", () => {
    const dir = join(work, 'starter');
    const cli = spawnSync(
      process.execPath,
      [CLI, 'init', dir, '--assignment', 'table', '--language', 'cpp'],
      {
        encoding: 'utf8',
      },
    );
    expect(cli.status, cli.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([
      'Makefile',
      'blackjack.cpp',
      'card.cpp',
      'card.h',
      'deck.cpp',
      'deck.h',
      'pitboss.json',
    ]);
    execFileSync('make', ['-s', '-C', dir], { stdio: 'pipe' });
    const ran = spawnSync(join(dir, 'blackjack'), ['--seed', '1', 'Ann', '10'], {
      input: '',
      encoding: 'utf8',
    });
    expect(ran.status).toBe(0);
    expect(ran.stdout).toBe('Welcome to CMSC 202 Blackjack!\n');
  }, 120_000);
});
