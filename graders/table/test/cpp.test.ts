// The table game in C++ as CMSC 202 graded it (cpp.ts). The C++ reference (solution-cpp/: Blackjack,
// Player, Hand and a Makefile making Proj2.out), built with the grader's Card, Deck and Proj2.cpp
// (course-cpp/) and run by the course's command line with the seed in PITBOSS_SEED, prints every golden
// transcript (fixtures/transcripts/table) and every case of the assignment as the TypeScript reference
// does, byte for byte; built with the harness, it answers every unit script as the oracle does. The C++
// fixtures (fixtures/submissions/table-cpp/), graded by the built CLI in the sandbox: the correct ones
// pass every test; each wording fixture loses exactly the format of the cases its words show in; each
// wrong one loses exactly the cases and unit tests its bug shows in, told from the reference's text.
// `pitboss init --language cpp` lays out the course's handout and prints the run line really used.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type TranscriptCase, wholeProgramRun } from '@pitboss/grader/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cppLanguage } from '../cpp.ts';
import { isUnitCase, unitCases, unitExpected } from '../cpp-units.ts';
import { referenceOf, transcriptCases } from '../transcripts.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const GOLDEN = here('../../../fixtures/transcripts/table');
const FIXTURES = here('../../../fixtures/submissions/table-cpp');
const CLI = here('../../../apps/grader/bin/pitboss.mjs');
const COURSE = here('../course-cpp');
const HARNESS = here('../harness-cpp/harness.cpp');
const FOLDERS = readdirSync(FIXTURES).filter((name) => /^(correct|format|wrong)-/.test(name));

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
const reports = new Map<string, Report>();

/** A folder of the course's shape built as the grader builds it: the course's files over its own, make, the harness. */
function build(from: string, to: string): { program: string; harness: string } {
  cpSync(from, to, { recursive: true });
  cpSync(COURSE, to, { recursive: true });
  execFileSync('make', ['-s', '-C', to], { stdio: 'pipe' });
  cpSync(HARNESS, join(to, '__harness.cpp'));
  const sources = readdirSync(to).filter((name) => name.endsWith('.cpp') && name !== 'Proj2.cpp');
  execFileSync('g++', ['-std=gnu++98', ...sources, '-o', 'harness'], { cwd: to, stdio: 'pipe' });
  return { program: join(to, 'Proj2.out'), harness: join(to, 'harness') };
}

/** A case run as the grader runs it: the course's command line, the seed in the environment; a unit script by the harness. */
function runCase(built: { program: string; harness: string }, each: TranscriptCase) {
  const how = wholeProgramRun(cppLanguage.wholeProgram!, each.words);
  return spawnSync(how.program === undefined ? built.program : built.harness, how.words, {
    input: each.stdin ?? '',
    encoding: 'utf8',
    timeout: 10_000,
    env: { ...process.env, ...how.env },
  });
}

const expectedOf = (each: TranscriptCase) => (isUnitCase(each) ? unitExpected(each) : referenceOf(each).text);

let reference: { program: string; harness: string };

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'table-cpp-'));
  reference = build(here('../solution-cpp'), join(work, 'reference'));
  const run = spawnSync(
    process.execPath,
    [
      CLI,
      'grade',
      here('../solution-cpp'),
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
  if (reports.size !== FOLDERS.length + 1)
    throw new Error(`graded ${reports.size}: ${run.stderr.slice(-2000)}`);
}, 900_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the C++ table reference', () => {
  it('prints every golden transcript byte for byte, run as ./Proj2.out <name> <funds> ... with the seed in PITBOSS_SEED', () => {
    const lines = readFileSync(join(GOLDEN, 'cases.txt'), 'utf8')
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) {
      const [words = '', input = ''] = line.split(' < ');
      const golden = `${words.replace(/^--/, '').split(' ').join('_')}_${input.replace(/\.in$/, '')}.txt`;
      const ran = runCase(reference, {
        group: 'golden',
        words: words.split(' '),
        stdin: readFileSync(join(GOLDEN, input), 'utf8'),
      });
      expect(ran.stdout, line).toBe(readFileSync(join(GOLDEN, golden), 'utf8'));
    }
  });

  it("prints what the TypeScript reference prints on every case of the assignment's, and answers every unit script as the oracle", () => {
    expect(unitCases.length).toBeGreaterThanOrEqual(7);
    for (const each of [...transcriptCases, ...unitCases])
      expect(runCase(reference, each).stdout, each.input).toBe(expectedOf(each));
  });

  it('graded by the CLI, passes every transcript and every unit test of its Blackjack class', () => {
    const report = reports.get('solution-cpp')!;
    expect(report.tests.filter((test) => test.status !== 'passed')).toEqual([]);
    expect(report.tests.filter((test) => test.id.startsWith('transcript.unit.')).length).toBe(
      unitCases.length,
    );
    expect(report.score).toBe(report.maxScore);
  });
});

/** Every case and unit test by its test id. */
const cases = new Map(
  [...transcriptCases, ...unitCases].map((each) => [
    `transcript.${each.group}.own:${[...each.words, each.input].join('_')}`,
    each,
  ]),
);
/** What each test a fixture lost said (its status and words): an unexpected loss says why in the failure. */
const lostWords = (name: string) =>
  reports
    .get(name)!
    .tests.filter((test) => test.status !== 'passed')
    .map((test) => `${test.id}: ${test.status} ${test.message ?? ''}`.slice(0, 400))
    .join('\n');

const failing = (name: string) =>
  new Set(
    reports
      .get(name)!
      .tests.filter((test) => test.status !== 'passed' && cases.has(test.id))
      .map((test) => test.id),
  );
const gameFailing = (name: string) =>
  new Set(
    reports
      .get(name)!
      .tests.filter((test) => test.parts?.game.passed === false && cases.has(test.id))
      .map((test) => test.id),
  );
const where = (predicate: (output: string) => boolean) =>
  new Set([...cases].filter(([, each]) => predicate(expectedOf(each))).map(([id]) => id));
/** A transcript's rounds; a unit script's output is one. */
const rounds = (output: string) =>
  output.startsWith('> ') ? [output] : output.split(/\nRound \d+:\n/).slice(1);
const unitIds = (names: readonly string[]) =>
  new Set(names.map((name) => `transcript.unit.own:unit_${name}.calls`));
const union = (...sets: Set<string>[]) => new Set(sets.flatMap((set) => [...set]));

const CARD = /^(Ace|[2-9]|10|Jack|Queen|King) of (Clubs|Diamonds|Hearts|Spades)$/;

/** A round where a player stays at the dealer's total (not a blackjack) holding another number of cards. */
function equalTotalOtherCount(round: string): boolean {
  const lines = round.split('\n');
  const counts = new Map<string, number>();
  let who: string | undefined;
  for (const line of lines) {
    const seat = /^(\S+): (.+)$/.exec(line);
    if (seat !== null && !line.startsWith('Hand: ') && seat[1] !== 'Dealer' && !line.includes("'s play"))
      counts.set(seat[1]!, seat[2]!.split(', ').length);
    const turn = /^>>(\S+)'s turn:$/.exec(line);
    if (turn !== null) who = turn[1];
    else if (line === "Dealer's turn:" || line.startsWith('> dealerplay')) who = 'Dealer';
    else if (CARD.test(line) && who !== undefined) counts.set(who, (counts.get(who) ?? 2) + 1);
  }
  const dealer = /\nDealer has (\d+)\n/.exec(`\n${round}`)?.[1];
  return lines.some((line) => {
    const tie = /^(\S+) has (\d+)--Tie$/.exec(line);
    return tie !== null && tie[2] === dealer && counts.get(tie[1]!) !== (counts.get('Dealer') ?? 2);
  });
}

describe('C++ table programs in the course shape', () => {
  it('passes every test of the correct ones (classes in files built by -ansi with C++98-only code; one file of structs, a wildcard Makefile and its own rand() Deck.cpp replaced)', () => {
    expect(FOLDERS.filter((name) => name.startsWith('correct-')).length).toBeGreaterThanOrEqual(2);
    for (const name of FOLDERS.filter((each) => each.startsWith('correct-'))) {
      const report = reports.get(name)!;
      expect(
        report.tests.filter((test) => test.status !== 'passed'),
        name,
      ).toEqual([]);
      expect(report.tests.length, name).toBeGreaterThanOrEqual(cases.size);
    }
  });

  it("the dealer's stay in a student's own words: the game right everywhere, the format lost exactly where the dealer stays", () => {
    const report = reports.get('format-own-wording')!;
    expect(failing('format-own-wording'), lostWords('format-own-wording')).toEqual(
      where((output) => output.includes("Dealer's play: stay")),
    );
    for (const test of report.tests) expect(test.parts?.game.passed ?? true, test.id).toBe(true);
    expect(report.score).toBeGreaterThanOrEqual(report.maxScore * 0.8 - 1e-9);
  });

  // The settle words of the course's own files and of real students: the format lost exactly where the
  // words show; the unit tests' game (calls, answers, cards, funds) right everywhere. The transcripts'
  // game parts are the event reader's (events.ts) and are not asserted here.
  const wordings: [string, (round: string) => string][] = [
    [
      'format-course-words',
      (round) =>
        (round.includes('Dealer has busted')
          ? round
          : round.replace(/^(\S+) has (\S+)--Dealer loses$/gm, '$1 has $2--$1 wins')
        ).replace(/--Tie$/gm, '--tie'),
    ],
    [
      'format-player-wins-push',
      (round) =>
        round
          .replace(/--Dealer loses$/gm, '--Player wins')
          .replace(/--Tie$/gm, '--Push')
          .replace(/^Dealer has blackjack$/gm, 'Dealer has 21'),
    ],
  ];
  for (const [name, words] of wordings)
    it(`${name}: loses the format exactly where its settle words differ; every unit test's game is right`, () => {
      expect(failing(name)).toEqual(
        where((output) => rounds(output).some((round) => words(round) !== round)),
      );
      for (const test of reports.get(name)!.tests.filter((each) => each.id.startsWith('transcript.unit.')))
        expect(test.parts?.game.passed, test.id).toBe(true);
    });

  it('fails equal totals decided by the number of cards exactly where a tie has other counts, and its settle unit test', () => {
    const expected = union(
      where((output) => rounds(output).some(equalTotalOtherCount)),
      unitIds(['settle-player-bet']),
    );
    expect(expected.size).toBeGreaterThan(1);
    expect(failing('wrong-equal-totals-fewer-cards-win')).toEqual(expected);
    expect(gameFailing('wrong-equal-totals-fewer-cards-win')).toEqual(expected);
  });

  it('fails a bust paid when the dealer busts too exactly where a round has both, and its settle unit test', () => {
    const expected = where((output) =>
      rounds(output).some(
        (round) => round.includes('Dealer has busted') && round.includes(' has busted--Dealer wins'),
      ),
    );
    expect([...expected].some((id) => id.startsWith('transcript.unit.'))).toBe(true);
    expect(failing('wrong-bust-wins-when-dealer-busts')).toEqual(expected);
    expect(gameFailing('wrong-bust-wins-when-dealer-busts')).toEqual(expected);
  });

  it('fails one deck kept all game exactly where a second round is dealt, and no unit test', () => {
    const expected = where((output) => output.includes('\nRound 2:\n'));
    expect(failing('wrong-one-deck-all-game')).toEqual(expected);
    expect(gameFailing('wrong-one-deck-all-game')).toEqual(expected);
  });
});

describe("the C++ reference's mutants (mutants-cpp.json)", () => {
  it('each is one edit of the reference that builds and prints otherwise on some case or unit script', () => {
    const { mutants } = JSON.parse(readFileSync(here('../mutants-cpp.json'), 'utf8')) as {
      mutants: { id: string; file: string; find: string; replace: string }[];
    };
    expect(mutants.length).toBeGreaterThanOrEqual(6);
    for (const mutant of mutants) {
      const dir = join(work, 'mutants', mutant.id);
      cpSync(here('../solution-cpp'), dir, { recursive: true });
      const source = readFileSync(join(dir, mutant.file), 'utf8');
      expect(source.split(mutant.find).length, mutant.id).toBe(2);
      writeFileSync(join(dir, mutant.file), source.replace(mutant.find, mutant.replace));
      const built = build(dir, join(work, 'mutants-built', mutant.id));
      const differs = [...transcriptCases, ...unitCases].some((each) => {
        const ran = runCase(built, each);
        return ran.signal !== null || ran.stdout !== expectedOf(each);
      });
      expect(differs, mutant.id).toBe(true);
    }
  }, 600_000);
});

describe('pitboss init --language cpp for table', () => {
  it("lays out the course's handout (the Blackjack.h skeleton, Card, Deck, Proj2.cpp, a Makefile for Proj2.out) and prints the run line really used", () => {
    const dir = join(work, 'starter');
    const cli = spawnSync(
      process.execPath,
      [CLI, 'init', dir, '--assignment', 'table', '--language', 'cpp'],
      {
        encoding: 'utf8',
      },
    );
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toContain('./Proj2.out Joe 100 Sally 200');
    expect(cli.stdout).not.toContain('<seed>');
    expect(readdirSync(dir).sort()).toEqual([
      '.gitignore',
      'Blackjack.cpp',
      'Blackjack.h',
      'Card.cpp',
      'Card.h',
      'Deck.cpp',
      'Deck.h',
      'Makefile',
      'Proj2.cpp',
      'README.md',
      'pitboss.json',
    ]);
    const header = readFileSync(join(dir, 'Blackjack.h'), 'utf8');
    expect(header).toContain('ADD YOUR DATA MEMBERS HERE');
    for (const method of [
      'Blackjack(char *names[], int numPlayers);',
      'char *GetPlayerName(int player);',
      'bool SetPlayerBet(int player, int amt);',
      'void NewDeal();',
      'bool HitPlayer(int player);',
      'int SettlePlayerBet(int player);',
    ])
      expect(header).toContain(method);
    execFileSync('make', ['-s', '-C', dir], { stdio: 'pipe' });
    const ran = spawnSync(join(dir, 'Proj2.out'), ['Joe', '100', 'Sally', '200'], {
      input: '',
      encoding: 'utf8',
    });
    expect(ran.status).toBe(0);
    expect(ran.stdout.startsWith('Welcome to CMSC 202 Blackjack!\n\nRound 1:\n')).toBe(true);
    expect(ran.stdout.endsWith('Another round? \n\nGoodbye!\n')).toBe(true);
  }, 120_000);
});
