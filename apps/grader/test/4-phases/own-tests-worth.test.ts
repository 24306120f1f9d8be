// What each of a student's tests is worth, and a bug their tests missed told by where it lies, never
// by its edit: the three kinds of message (their code is wrong, their test is wrong, their tests missed
// a bug) kept apart.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import type { TestResult } from '../../src/0-results/test.ts';
import { editionsOf } from '../../src/1-submission/submission.ts';
import { ownTestWorth, worthWords } from '../../src/6-reports/words.ts';
import { loadAssignment } from '../../src/assignment/load.ts';
import { readCatalogue } from '../../src/mutants/catalogue.ts';
import { placeOf } from '../../src/mutants/place.ts';
import { CACHE_ROOT, hashSources } from '../../src/plumbing/bundle.ts';
import { pitbossHere, REPO_ROOT, scratch } from '../support.ts';

const TESTED = join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested');

describe('placeOf', () => {
  it('names the declarations around each classic mutant of the ADTs, never its text', async () => {
    const assignment = await loadAssignment('classic');
    const places = Object.fromEntries(
      readCatalogue(assignment)
        .filter((mutant) => mutant.file !== 'blackjack.ts')
        .map((mutant) => [mutant.id, placeOf(mutant.source, mutant.file, mutant.at)]),
    );
    expect(places).toMatchObject({
      'deck.shuffle-left-first': 'Deck.shuffle',
      'deck.new-order-by-spot': 'newDeck',
      'hand.discard-keeps-total': 'Hand.discardAll',
      'player.counting-no-reset': 'CountingPlayer.shuffled',
      'player.simple-bets-bankroll': 'SimplePlayer.bet',
    });
  });

  it('names the C++ definition each classic mutant lies in, also one whose edit begins at its first line', async () => {
    const assignment = await loadAssignment('classic');
    const cpp = editionsOf(assignment).find((edition) => edition.native !== undefined)!;
    const places = Object.fromEntries(
      readCatalogue(cpp).map((mutant) => [mutant.id, placeOf(mutant.source, mutant.file, mutant.at)]),
    );
    expect(places).toMatchObject({
      'deck.shuffle-left-first': 'Deck::shuffle',
      'hand.discard-keeps-total': 'Hand::discardAll',
      // Edits that begin at the definition's signature: in it, not in the definition before it.
      'player.counting-no-reset': 'CountingPlayer::shuffled',
      'player.simple-bets-bankroll': 'SimplePlayer::bet',
    });
    // A `static` helper of the reference's own (openDeck, showsBetween): the file alone.
    expect(places['deck.new-order-by-spot']).toBeUndefined();
    expect(places['player.hard-13-16-inverted']).toBe('SimplePlayer::draw');
  });

  it('finds the innermost function, an arrow in a constant, and nothing at the top level', () => {
    const source =
      'const LIMIT = 5;\nexport const deal = () => {\n  return 1;\n};\nclass A {\n  m() {\n    const f = function () { return 2; };\n  }\n}\nrun();\n';
    expect(placeOf(source, 'x.ts', source.indexOf('return 1'))).toBe('deal');
    expect(placeOf(source, 'x.ts', source.indexOf('return 2'))).toBe('A.m.f');
    expect(placeOf(source, 'x.ts', source.indexOf('5'))).toBe('LIMIT');
    expect(placeOf(source, 'x.ts', source.indexOf('run()'))).toBeUndefined();
    // C++: the contract's methods and functions by name; a `static` helper of the reference's own is
    // not the student's to have, so its place is the file alone.
    const cpp = [
      'static bool showsBetween(Card dealer, Spot low, Spot high) {',
      '    return dealer.spot >= low;',
      '}',
      'bool Simple::draw(Card dealer, const Hand &player) {',
      '    return !showsBetween(dealer, FOUR, SIX);',
      '}',
      '',
    ].join('\n');
    expect(placeOf(cpp, 'player.cpp', cpp.indexOf('>= low'))).toBeUndefined();
    expect(placeOf(cpp, 'player.cpp', cpp.indexOf('!showsBetween'))).toBe('Simple::draw');
  });

  it('keeps each place found on disk and reads it back; a damaged one is found again', () => {
    // A source no other test asks about, so that its place is not kept yet.
    const source = `// ${process.pid} ${Date.now()}\nfunction deal() {\n  return 1;\n}\n`;
    const folder = join(CACHE_ROOT, hashSources(), 'places');
    const before = new Set(existsSync(folder) ? readdirSync(folder) : []);
    expect(placeOf(source, 'x.ts', source.indexOf('return'))).toBe('deal');
    const kept = readdirSync(folder).filter((name) => !before.has(name));
    expect(kept).toHaveLength(1);
    const file = join(folder, kept[0]!);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ in: 'deal' });
    // What is kept is what is told: TypeScript is not asked again.
    writeFileSync(file, JSON.stringify({ in: 'Kept.place' }));
    expect(placeOf(source, 'x.ts', source.indexOf('return'))).toBe('Kept.place');
    writeFileSync(file, '{"in": 7');
    expect(placeOf(source, 'x.ts', source.indexOf('return'))).toBe('deal');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ in: 'deal' });
    rmSync(file);
  });
});

/** A report's mutant test, by the mutant's id, with the kills given (file, position). */
const mutantTest = (id: string, kills: [string, string][]): TestResult => ({
  id: `mutant.public.${id}`,
  name: `Your tests expose ${id}`,
  file: 'your tests',
  kind: 'mutant',
  visibility: 'visible',
  status: kills.length > 0 ? 'passed' : 'failed',
  score: 0,
  maxScore: 1,
  mutant: {
    id,
    description: id,
    status: kills.length > 0 ? 'killed' : 'survived',
    killedBy: kills.map(([file, position]) => ({ file, position, name: position })),
  },
});

describe('ownTestWorth', () => {
  it('gives each counting test the mutants it exposes and those no other test does', () => {
    const report = {
      studentTests: {
        cases: [
          { file: 'a.test.ts', position: '1', name: 'a1', valid: true },
          { file: 'a.test.ts', position: '2', name: 'a2', valid: true },
          { file: 'b.test.ts', position: '1', name: 'b1', valid: true },
          { file: 'b.test.ts', position: '2', name: 'wrong', valid: false },
        ],
        exposed: 2,
        mutants: 3,
      },
      tests: [
        mutantTest('m.one', [['a.test.ts', '1']]),
        mutantTest('m.two', [
          ['a.test.ts', '1'],
          ['b.test.ts', '1'],
        ]),
        mutantTest('m.three', []),
      ],
    };
    const worth = ownTestWorth(report);
    expect(worth).toEqual([
      { file: 'a.test.ts', name: 'a1', exposes: ['m.one', 'm.two'], alone: ['m.one'] },
      { file: 'a.test.ts', name: 'a2', exposes: [], alone: [] },
      { file: 'b.test.ts', name: 'b1', exposes: ['m.two'], alone: [] },
    ]);
    expect(worthWords(worth[0]!)).toBe('the only test that exposes 1 mutant (m.one), and 1 more with others');
    expect(worthWords(worth[1]!)).toBe('exposes nothing the others do not (it exposes no mutant)');
    expect(worthWords(worth[2]!)).toBe(
      'exposes nothing the others do not (its 1 mutant is exposed by other tests of yours too)',
    );
  });
});

describe('a student whose tests expose every visible bug', () => {
  it('reads one line of what the tests are worth, and no question', async () => {
    const human = (await pitbossHere(['check', TESTED, '--only', 'mutant.'])).stdout;
    expect(human).not.toContain('pin down');
    expect(human).not.toContain('What each of your tests is worth');
    // correct-tested has three tests that expose no mutant at all: each is named.
    expect(human).toMatch(
      /\n {2}Your \d+ tests: \d+ exposes? a bug no other of yours does, \d+ only bugs the others expose too, 3 no bug at all:\n/,
    );
    expect(human).toContain(
      'tests/hand.empty-hand-is-zero.test.ts > an empty hand counts 0 and is not soft: exposes nothing the others do not (it exposes no mutant)',
    );
  });

  it('still names, each, a test that exposes no bug at all (one that asserts nothing)', async () => {
    const dir = join(scratch(), 'tested-idle');
    cpSync(TESTED, dir, { recursive: true });
    writeFileSync(
      join(dir, 'tests', 'hand.new-hand-is-fine.test.ts'),
      "import { test } from 'node:test';\nimport { Hand } from '../hand';\n\ntest('a new hand is fine', () => {\n  new Hand();\n});\n",
    );
    const human = (await pitbossHere(['check', dir, '--only', 'mutant.'])).stdout;
    expect(human).toMatch(/ only bugs the others expose too, 4 no bug at all:\n/);
    expect(human).toContain(
      'tests/hand.new-hand-is-fine.test.ts > a new hand is fine: exposes nothing the others do not (it exposes no mutant)',
    );
  });
});

describe('a student whose tests miss a bug, with a test that fails on the reference', () => {
  it('is told where the missed bug lies and nothing of its edit, what each test is worth, and which test is wrong', async () => {
    const dir = join(scratch(), 'tested');
    cpSync(TESTED, dir, { recursive: true });
    rmSync(join(dir, 'tests/player.counting-shuffled-resets-count.test.ts'));
    writeFileSync(
      join(dir, 'tests/hand.wrong-ace.test.ts'),
      "import assert from 'node:assert/strict';\nimport { test } from 'node:test';\nimport { Hand } from '../hand';\n\ntest('an empty hand counts 1', () => {\n  assert.equal(new Hand().handValue().count, 1);\n});\n",
    );
    const json = await pitbossHere(['check', dir, '--format', 'json']);
    const report = JSON.parse(json.stdout) as Report;
    const missed = report.tests.filter((test) => test.kind === 'mutant' && test.status === 'failed');
    expect(missed.map((test) => [test.id, test.name])).toEqual([
      ['mutant.unexposed.1', 'Your tests expose a bug planted in player.ts, in CountingPlayer.shuffled'],
    ]);
    // Neither the mutant's id nor its description reaches the student.
    const catalogue = readFileSync(join(REPO_ROOT, 'graders/classic/mutants.json'), 'utf8');
    const description = (
      JSON.parse(catalogue) as { mutants: { id: string; description: string }[] }
    ).mutants.find((mutant) => mutant.id === 'player.counting-no-reset')!.description;
    expect(json.stdout).not.toContain('counting-no-reset');
    expect(json.stdout).not.toContain(description);

    const human = (await pitbossHere(['check', dir])).stdout;
    const section = human.slice(human.indexOf('Your tests expose'));
    expect(section).toContain('Your tests that are wrong (they fail on the reference solution');
    expect(section).toMatch(/does not count: tests\/hand\.wrong-ace\.test\.ts > an empty hand counts 1/);
    expect(section).toContain(
      'Bugs your tests missed (1):\n    survived a bug planted in player.ts, in CountingPlayer.shuffled',
    );
    expect(section).toContain(
      'tests/player.counting-doubles-at-plus-two.test.ts > the counting player bets double after seeing a Three and a Five: the only test that exposes 1 mutant (player.counting-signs-swapped)',
    );
    // Bugs got through: the tests that add nothing are asked about once, a few of them named.
    expect(section.match(/what did you mean each to pin down\?/g)).toHaveLength(1);
    expect(section).toMatch(
      /\d+ expose nothing the others do not, with bugs still missed: what did you mean each to pin down\?\n {6}tests\/[a-z]+\./,
    );
    // Those that expose no bug at all come first, each named.
    expect(section).toMatch(
      /\n {6}tests\/hand\.empty-hand-is-zero\.test\.ts > an empty hand counts 0 and is not soft: exposes nothing the others do not \(it exposes no mutant\)\n/,
    );
    expect(section).toMatch(/\n {6}and \d+ more\n/);
    // The wrong test is no counting test: it has no worth line.
    expect(section).not.toMatch(/hand\.wrong-ace\.test\.ts > an empty hand counts 1: (the only|exposes)/);
  });

  it('keeps the mutant whole in the instructor view', async () => {
    const dir = join(scratch(), 'tested');
    cpSync(TESTED, dir, { recursive: true });
    rmSync(join(dir, 'tests/player.counting-shuffled-resets-count.test.ts'));
    const out = join(scratch(), 'out');
    await pitbossHere(['grade', dir, '--out', out, '--only', 'mutant', '--format', 'json']);
    const instructor = JSON.parse(readFileSync(join(out, 'instructor/tested.json'), 'utf8')) as Report;
    const missed = instructor.tests.find((test) => test.mutant?.status === 'survived')!;
    expect(missed.id).toBe('mutant.public.player.counting-no-reset');
    expect(missed.mutant?.place).toEqual({ file: 'player.ts', in: 'CountingPlayer.shuffled' });
  });
});
