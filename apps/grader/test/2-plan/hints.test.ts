// Hints (rubric.json `hints`): shown below a failing test's evidence, in every format; a student's
// check shows one `from` N failing runs only from its Nth failing check of the folder and never one
// `after_due_date`; a grade shows them all (Gradescope: a waiting hint is an entry of its own, after
// the due date); the student's view drops a hidden test's; and no hint may quote the private part.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import reportSchema from '../../schema/report.schema.json' with { type: 'json' };
import type { Report } from '../../src/0-results/report.ts';
import type { TestResult } from '../../src/0-results/test.ts';
import { HISTORY_FOLDER } from '../../src/2-plan/hints.ts';
import { planTests } from '../../src/2-plan/plan.ts';
import { applyRubric } from '../../src/2-plan/rubric.ts';
import { renderGradescope } from '../../src/6-reports/gradescope.ts';
import { renderHtml } from '../../src/6-reports/html.ts';
import { renderHuman } from '../../src/6-reports/human.ts';
import { renderJunit } from '../../src/6-reports/junit.ts';
import { studentView } from '../../src/6-reports/views.ts';
import { loadAssignment } from '../../src/assignment/load.ts';
import { privateTranscriptCases } from '../../src/assignment/private-part.ts';
import { readCatalogue } from '../../src/mutants/catalogue.ts';
import { PitbossError } from '../../src/plumbing/errors.ts';
import { json, pitbossHere, REPO_ROOT, scratch } from '../support.ts';

const FIXTURE = join(REPO_ROOT, 'fixtures/submissions/classic/wrong-shuffle-from-new-deck');
const PRIVATE = join(REPO_ROOT, 'instructor/classic');
const RUBRIC = JSON.parse(readFileSync(join(REPO_ROOT, 'graders/classic/rubric.json'), 'utf8')) as {
  hints: { match: string; hint: string }[];
};
const hintOf = (match: string) => RUBRIC.hints.find((hint) => hint.match === match)!.hint;
const validReport = new Ajv({ allErrors: true }).compile(reportSchema);

const byId = (report: Report, id: string): TestResult => {
  const test = report.tests.find((each) => each.id === id);
  if (test === undefined) throw new Error(`no test ${id} in the report`);
  return test;
};

/** A copy of the wrong fixture of our own: a check writes its count of failing runs into the folder. */
function submission(): string {
  const dir = join(scratch(), 'wrong-shuffle-from-new-deck');
  // Without the history another test's check may have left in the fixture: these count from none.
  cpSync(FIXTURE, dir, { recursive: true, filter: (path) => !path.split('/').includes(HISTORY_FOLDER) });
  return dir;
}

describe("a student's check", () => {
  let dir: string;
  let first: Report;
  let second: Report;
  let human: string;

  beforeAll(async () => {
    dir = submission();
    const run1 = await pitbossHere(['check', dir, '--only', 'deck.', '--format', 'json']);
    expect(run1.status, run1.stderr).toBe(1);
    first = json<Report>(run1);
    const run2 = await pitbossHere(['check', dir, '--only', 'deck.']);
    expect(run2.status, run2.stderr).toBe(1);
    human = run2.stdout;
    const run3 = await pitbossHere(['check', dir, '--only', 'deck.', '--format', 'json']);
    second = json<Report>(run3);
  });

  it('shows a hint without a condition below the failing test, from the first failing check', () => {
    const test = byId(first, 'deck.shuffle-after-deals');
    expect(test.status).toBe('failed');
    expect(test.hint).toEqual({ text: hintOf('deck.shuffle-after-deals') });
    expect(validReport(first), JSON.stringify(validReport.errors)).toBe(true);
  });

  it('never puts a hint on a passing test', () => {
    const passing = first.tests.filter((test) => test.status === 'passed');
    expect(passing.length).toBeGreaterThan(0);
    for (const test of passing) expect(test.hint).toBeUndefined();
  });

  it('shows a hint `from` two failing runs only from the second failing check', () => {
    expect(byId(first, 'deck.reset').status).toBe('failed');
    expect(byId(first, 'deck.reset').hint).toBeUndefined();
    expect(human).toContain(`Hint: ${hintOf('deck.reset')}`);
    expect(byId(second, 'deck.reset').hint).toEqual({ text: hintOf('deck.reset'), from: { failingRuns: 2 } });
  });

  it('prints the hint below the evidence: after the counterexample and its replay command', () => {
    const lines = human.split('\n');
    const heading = lines.findIndex((line) => line.includes('reset() restores the newly opened order'));
    const replay = lines.findIndex((line, i) => i > heading && line.includes('replay: '));
    const hint = lines.findIndex((line) => line.includes(`Hint: ${hintOf('deck.reset')}`));
    expect(heading).toBeGreaterThan(-1);
    expect(replay).toBeGreaterThan(heading);
    expect(hint).toBe(replay + 1);
    // deck.model fails as deck.reset does, but without a hint: it is told on its own, not folded in.
    expect(human).toMatch(/^FAIL +Any sequence of reset, shuffle\(n\), deal and cardsLeft agrees/m);
    expect(human).not.toContain('the same in 1 more test: Any sequence of reset');
  });

  it("keeps the count in the folder's .pitboss/history.json, which is never graded", () => {
    const history = JSON.parse(readFileSync(join(dir, '.pitboss/history.json'), 'utf8')) as {
      failingRuns: Record<string, number>;
    };
    expect(history.failingRuns['deck.reset']).toBe(3);
    expect(history.failingRuns['deck.new-order']).toBeUndefined();
    // The same files, whatever the count: the folder's hash (the result store's key) leaves it out.
    expect(second.submission.hash).toBe(first.submission.hash);
  });

  it('leaves a folder as it was when every test it ran passed', async () => {
    const fresh = submission();
    const run = await pitbossHere(['check', fresh, '--only', 'deck.new-order']);
    expect(run.status, run.stderr).toBe(0);
    expect(existsSync(join(fresh, '.pitboss'))).toBe(false);
  });

  it('starts counting again in a folder without a history, and reads a broken one as none', async () => {
    const fresh = submission();
    mkdirSync(join(fresh, '.pitboss'));
    writeFileSync(join(fresh, '.pitboss/history.json'), '{"failingRuns": {"deck.reset": "many"}');
    const run = await pitbossHere(['check', fresh, '--only', 'deck.reset', '--format', 'json']);
    expect(run.status, run.stderr).toBe(1);
    expect(byId(json<Report>(run), 'deck.reset').hint).toBeUndefined();
    expect(JSON.parse(readFileSync(join(fresh, '.pitboss/history.json'), 'utf8'))).toEqual({
      failingRuns: { 'deck.reset': 1 },
    });
  });
});

describe('hints after the due date', () => {
  let dir: string;
  let graded: Report;

  beforeAll(async () => {
    dir = submission();
    // Twice: a count of failing checks never brings a hint kept for after the due date.
    for (let i = 0; i < 2; i++) {
      const run = await pitbossHere(['check', dir, '--only', 'transcript.long.own', '--format', 'json']);
      expect(run.status, run.stderr).toBe(1);
      for (const test of json<Report>(run).tests) expect(test.hint).toBeUndefined();
    }
    const run = await pitbossHere([
      'grade',
      dir,
      '--only',
      'transcript.long.own',
      'deck.reset',
      'mutant.public.deck.',
      '--format',
      'json',
    ]);
    expect(run.status, run.stderr).toBe(1);
    graded = json<Report>(run);
  });

  it('a grade shows every hint of a failing test, whatever its condition, the same on every run', () => {
    const long = graded.tests.find((test) => test.id.startsWith('transcript.long.own:'))!;
    expect(long.status).not.toBe('passed');
    expect(long.hint).toEqual({ text: hintOf('transcript.long.*'), from: 'after_due_date' });
    // The folder's count gates nothing in a grade: deck.reset failed only in this grade.
    expect(byId(graded, 'deck.reset').hint?.text).toBe(hintOf('deck.reset'));
    const survived = graded.tests.filter((test) => test.kind === 'mutant' && test.status !== 'passed');
    expect(survived.length).toBeGreaterThan(0);
    for (const test of survived) expect(test.hint?.text).toBe(hintOf('mutant.public.*'));
    expect(validReport(graded), JSON.stringify(validReport.errors)).toBe(true);
  });

  it('says a hint many missed mutants share once, in text and in HTML, with the mutants it covers', () => {
    const survived = graded.tests.filter((test) => test.kind === 'mutant' && test.status !== 'passed');
    expect(survived.length).toBeGreaterThan(1);
    const hint = hintOf('mutant.public.*');
    const count = (text: string, what: string) => text.split(what).length - 1;
    const human = renderHuman(graded, { color: false });
    expect(count(human, hint)).toBe(1);
    expect(human).toContain(`(for the ${survived.length} above)`);
    const html = renderHtml(graded);
    // escaped as the page escapes it
    const shown = hint
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&#39;');
    expect(count(html, shown)).toBe(1);
    for (const test of survived) expect(html).toContain(test.mutant!.id);
  });

  it('Gradescope shows a hint that waits as an entry of its own, worth nothing, after the due date', () => {
    const results = renderGradescope(studentView(graded));
    const long = results.tests.find(
      (test) => test.name.includes('5000 5000 counting (all your files') && !test.name.includes('hint for'),
    )!;
    expect(long.output).not.toContain(hintOf('transcript.long.*'));
    const own = results.tests.find((test) => test.name.startsWith('all files: hint for '))!;
    expect(own).toMatchObject({ score: 0, max_score: 0, visibility: 'after_due_date' });
    expect(own.status).toBeUndefined();
    expect(own.output).toBe(`Hint (after the due date): ${hintOf('transcript.long.*')}`);
  });

  it('Gradescope gives one entry to a hint many failing tests share, names every entry apart, and says a linked run is withheld', () => {
    const long = graded.tests.find((test) => test.id.startsWith('transcript.long.own:'))!;
    const copies = [1, 2, 3].map((n) => ({
      ...long,
      id: `${long.id}-${n}`,
      file: n === 3 ? 'blackjack.ts' : long.file,
    }));
    const withheld = { ...long, id: `${long.id}-linked`, diff: { ...long.diff!, withheld: true } };
    const results = renderGradescope(
      studentView({ ...graded, tests: [...graded.tests, ...copies, withheld] }),
    );
    const hints = results.tests.filter(
      (test) => test.name.includes(': hint for ') && test.output.includes(hintOf('transcript.long.*')),
    );
    expect(hints).toHaveLength(1);
    expect(hints[0]!.name).toBe('all files, blackjack.ts: hint for 5 failing tests');
    expect(hints[0]!.output).toBe(
      `For:\n${[long, ...copies, withheld].map((test) => `- ${test.file}: ${test.name}`).join('\n')}\n\nHint (after the due date): ${hintOf('transcript.long.*')}`,
    );
    // Entries that share a test's name are told apart by their place among them.
    expect(new Set(results.tests.map((test) => test.name)).size).toBe(results.tests.length);
    expect(results.tests.filter((test) => test.name.endsWith(' of 4)'))).toHaveLength(4);
    // The withheld run's lines: said to be withheld, never an empty `got (yours):`.
    const linked = results.tests.find((test) => test.name.endsWith('(4 of 4)'))!;
    expect(linked.output).toContain(
      `got (yours), ${long.diff!.actualLines} lines: not shown (this run had the reference's files`,
    );
    expect(linked.output).not.toMatch(/got \(yours\):\n*$/m);
  });

  it('every format shows the hint of a failing test', () => {
    const text = hintOf('transcript.long.*');
    expect(renderHuman(graded, { color: false })).toContain(`Hint (after the due date): ${text}`);
    expect(renderHtml(graded)).toContain(
      `<p class="hint"><strong>Hint (after the due date):</strong> ${text.replaceAll("'", '&#39;')}</p>`,
    );
    expect(renderJunit(graded)).toContain(`Hint (after the due date): ${text}`);
  });

  it('a graded class with hints merges: its batch file holds them, and the schema takes them', async () => {
    const shard = join(scratch(), 'shard');
    const graded = await pitbossHere([
      'grade',
      dir,
      '--only',
      'deck.reset',
      '--out',
      shard,
      '--shard',
      '1/1',
    ]);
    expect(graded.status, graded.stderr).toBe(1);
    const merged = join(scratch(), 'merged');
    const run = await pitbossHere(['merge', shard, '--out', merged]);
    expect(run.status, run.stderr).toBe(1);
    const page = readFileSync(join(merged, 'instructor/wrong-shuffle-from-new-deck.txt'), 'utf8');
    expect(page).toContain(`Hint: ${hintOf('deck.reset')}`);
  });

  it("the student's view keeps a visible test's hint and drops a hidden test's", () => {
    const hidden: Report = {
      ...graded,
      tests: graded.tests.map((test) =>
        test.id === 'deck.reset' ? { ...test, visibility: 'hidden' } : test,
      ),
    };
    const view = studentView(hidden);
    const shown = view.tests.filter((test) => test.hint !== undefined);
    expect(shown.length).toBeGreaterThan(0);
    expect(view.tests.find((test) => test.id.startsWith('hidden.'))?.hint).toBeUndefined();
    expect(JSON.stringify(view)).not.toContain(hintOf('deck.reset'));
    expect(JSON.stringify(studentView(graded))).toContain(hintOf('deck.reset'));
  });
});

describe('the student tool', () => {
  it("carries the visible tests' hints in its rubric, but none kept for after the due date", async () => {
    const tool = join(scratch(), 'tool');
    const run = await pitbossHere(['export-student-tool', tool]);
    expect(run.status, run.stderr).toBe(0);
    const rubric = JSON.parse(readFileSync(join(tool, 'graders/classic/rubric.json'), 'utf8')) as {
      hints: { match: string; hint: string; from?: unknown }[];
    };
    expect(rubric.hints).toEqual([
      { match: 'deck.shuffle-after-deals', hint: hintOf('deck.shuffle-after-deals') },
      { match: 'deck.reset', hint: hintOf('deck.reset'), from: { failingRuns: 2 } },
    ]);
    expect(readFileSync(join(tool, 'graders/classic/rubric.json'), 'utf8')).not.toContain(
      hintOf('transcript.long.*'),
    );
  });
});

describe('the rubric', () => {
  const rubricWith = (hints: unknown[]) => {
    const file = join(scratch(), 'rubric.json');
    writeFileSync(file, JSON.stringify({ tests: [{ match: '*', points: 1, visibility: 'visible' }], hints }));
    return file;
  };
  const refused = (file: string) => {
    try {
      applyRubric(file, ['deck.reset', 'mutant.public.deck.a']);
    } catch (error) {
      return (error as PitbossError).code;
    }
    return undefined;
  };

  it('gives each test the first hint that covers it', () => {
    const rubric = applyRubric(
      rubricWith([
        { match: 'deck.reset', hint: 'one' },
        { match: 'deck.*', hint: 'two', from: { failingRuns: 3 } },
        { match: 'mutant.private.*', hint: 'none in this run' },
      ]),
      ['deck.reset', 'deck.model', 'hand.new-hand'],
    );
    expect(rubric.hints.get('deck.reset')).toEqual({ text: 'one' });
    expect(rubric.hints.get('deck.model')).toEqual({ text: 'two', from: { failingRuns: 3 } });
    expect(rubric.hints.has('hand.new-hand')).toBe(false);
  });

  it('refuses a hint on no test, an empty hint and a condition it does not know', () => {
    expect(refused(rubricWith([{ match: 'deck.resett', hint: 'typo' }]))).toBe('BAD_RUBRIC');
    expect(refused(rubricWith([{ match: 'deck.reset', hint: '' }]))).toBe('BAD_RUBRIC');
    expect(refused(rubricWith([{ match: 'deck.reset', hint: 'x', from: { failingRuns: 0 } }]))).toBe(
      'BAD_RUBRIC',
    );
    expect(refused(rubricWith([{ match: 'deck.reset', hint: 'x', from: 'tomorrow' }]))).toBe('BAD_RUBRIC');
    expect(refused(rubricWith([{ match: 'deck.reset', hint: 'x', from: 'after_due_date' }]))).toBeUndefined();
  });
});

describe('a hint that quotes the private part', () => {
  /** Plans classic with its private part and a rubric whose one hint (on deck.reset) is `hint`. */
  async function planWith(hint: string, assignmentName = 'classic') {
    const assignment = await loadAssignment(assignmentName);
    const rubric = JSON.parse(readFileSync(assignment.rubricFile, 'utf8')) as Record<string, unknown>;
    const rubricFile = join(scratch(), 'rubric.json');
    const match = assignmentName === 'classic' ? 'deck.reset' : '*';
    writeFileSync(rubricFile, JSON.stringify({ ...rubric, hints: [{ match, hint }] }));
    const secret = join(REPO_ROOT, 'instructor', assignmentName);
    const leaky = { ...assignment, rubricFile };
    try {
      planTests(leaky, readCatalogue(leaky, secret), privateTranscriptCases(secret));
    } catch (error) {
      if (error instanceof PitbossError) return `${error.code}: ${error.message}`;
      throw error;
    }
    return 'accepted';
  }

  it("is refused when it quotes a hidden case's words, a private mutant's id, description or source", async () => {
    expect(await planWith('Try it with 6 1 counting.')).toMatch(
      /^HINT_QUOTES_SECRET: .*the hint for 'deck.reset' quotes the hidden transcript case '6 1 counting'/,
    );
    expect(await planWith('Remember DECK.SHUFFLE-KEEPS-DEALT.')).toMatch(
      /quotes the private mutant deck.shuffle-keeps-dealt \(its id\)/,
    );
    expect(
      await planWith('Make sure a test fails when Shuffle(n) does not put the dealt cards back!'),
    ).toMatch(/quotes the private mutant deck.shuffle-keeps-dealt \(its description\)/);
    expect(
      await planWith(
        'Never write const pile = [...this.cards.slice(this.next), ...this.cards.slice(0, this.next)];',
      ),
    ).toMatch(/quotes the private mutant deck.shuffle-dealt-to-bottom \(a line of its source\)/);
    expect(await planWith('Type the game in hidden-03.in again.', 'straights')).toMatch(
      /quotes the stdin file of the hidden case '33619'/,
    );
  });

  it('is accepted when it only looks alike: other numbers, a public case, five words of a description', async () => {
    expect(await planWith('Try it with 16 1 counting, or with 100 3 simple.')).toBe('accepted');
    expect(await planWith('shuffle(n) puts the dealt cards back before it cuts.')).toBe('accepted');
  });

  it('stops the self-check, a grade and the Gradescope export with one line and status 2, nothing graded or written', async () => {
    const secret = scratch();
    cpSync(PRIVATE, secret, { recursive: true });
    const mutants = JSON.parse(readFileSync(join(secret, 'mutants.json'), 'utf8')) as {
      mutants: { description: string }[];
    };
    // A private mutant described in the words of the real rubric's hint on deck.reset.
    mutants.mutants[0]!.description = `${hintOf('deck.reset').split(':')[0]}, except after a shuffle`;
    writeFileSync(join(secret, 'mutants.json'), JSON.stringify(mutants));
    const zip = join(scratch(), 'autograder.zip');
    for (const args of [
      ['mutants', '--private', secret],
      ['grade', FIXTURE, '--private', secret],
      ['export-gradescope', '--rules', 'classic', zip, '--private', secret],
    ]) {
      const run = await pitbossHere(args);
      expect(run.status, run.stderr).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(
        /^pitboss: rubric .*rubric\.json: the hint for 'deck\.reset' quotes the private mutant deck\.shuffle-drops-left-remainder \(its description\), which is private: a hint is shown to students \(HINT_QUOTES_SECRET\)\n$/,
      );
    }
    expect(existsSync(zip)).toBe(false);
  });
});
