// The C++ Straights programs of fixtures/submissions/straights-cpp/: whole programs of students' own
// design (one big game class with a Makefile; MVC with observers and one procedural file, built by the
// course's flags), graded by the built pitboss CLI in the sandbox on the public cases (the course's, the edge
// cases, the generated games). Every correct-* passes every case (one exits with status 1: the course
// never asked for a status); every wrong-* loses exactly the cases its bug shows in, each told from the
// reference's own transcript of the case (ties: two winners or more; the game past 80: a round ending
// on exactly 80; a new engine each round: a second round; quit ignored: a `quit` read as a command,
// which then prints what an unknown command prints; the EOF loop: the input ending at a command prompt,
// which only an end-of-input case does, each a time-out on its own short limit after the game's last
// event: its game kept, its format lost, told once in a note, while the other cases pass).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TranscriptCase } from '@pitboss/grader/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { readStraightsEvents } from '../events.ts';
import { expectedTranscript, transcriptCases } from '../transcripts.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const FIXTURES = here('../../../fixtures/submissions/straights-cpp');
const PUBLIC = [
  'transcript.course.',
  'transcript.edge.',
  'transcript.end-of-input.',
  'transcript.generated.',
];

interface Report {
  submission: { name: string };
  score: number;
  maxScore: number;
  notes?: string[];
  tests: {
    id: string;
    status: string;
    maxScore: number;
    message?: string;
    parts?: { game: { passed: boolean }; format: { passed: boolean; only?: string } };
    /** Where the bytes first differ. */
    diff?: { line: number };
  }[];
}

const FOLDERS = [
  'correct-game-class',
  'correct-mvc-observers',
  'correct-procedural',
  'correct-exit-status-one',
  'format-no-prompt',
  'wrong-any-seven-opens',
  'wrong-engine-every-round',
  'wrong-eof-spins',
  'wrong-game-past-80',
  'wrong-legal-plays-by-suit',
  'wrong-missing-algorithm-header',
  'wrong-quit-ignored',
  'wrong-seeded-from-cycle-counter',
  'wrong-tie-one-winner',
];

const reports = new Map<string, Report>();
let seconds = 0;

beforeAll(() => {
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    [
      here('../../../apps/grader/bin/pitboss.mjs'),
      'grade',
      ...FOLDERS.map((name) => join(FIXTURES, name)),
      '--assignment',
      'straights',
      '--format',
      'json',
      '--jobs',
      '2',
      '--only',
      ...PUBLIC,
    ],
    { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 28 },
  );
  seconds = (Date.now() - started) / 1000;
  const parsed = JSON.parse(run.stdout) as Report[];
  for (const report of parsed) reports.set(report.submission.name, report);
  if (reports.size !== FOLDERS.length) throw new Error(`graded ${reports.size}: ${run.stderr.slice(-2000)}`);
}, 600_000);

/** The public cases by their test id, each with the reference's transcript. */
const cases = new Map(
  transcriptCases.map((each) => [
    `transcript.${each.group}.own:${[...each.words, ...(each.input === undefined ? [] : [each.input])].join('_')}`,
    each,
  ]),
);
const expected = (each: TranscriptCase) => expectedTranscript(each);
const failing = (name: string) =>
  new Set(
    reports
      .get(name)!
      .tests.filter((test) => test.status !== 'passed')
      .map((test) => test.id),
  );
const where = (predicate: (each: TranscriptCase, output: string) => boolean) =>
  new Set([...cases].filter(([, each]) => predicate(each, expected(each))).map(([id]) => id));
const lines = (text: string) => text.split('\n');
/** The case with every `quit` typed as a word no command is: what a program that ignores quit reads. */
const asUnknown = (each: TranscriptCase) => ({
  ...each,
  stdin: (each.stdin ?? '').replace(/(?<=^|\s)quit(?=\s|$)/g, 'xquit'),
});
/** The scores after each round, four a round. */
const scores = (output: string) =>
  [...output.matchAll(/'s score: \d+ \+ \d+ = (\d+)$/gm)].map((found) => Number(found[1]));

describe('C++ Straights programs of their students own design', () => {
  it('grades every public case of each, and each folder as a C++ whole program', () => {
    for (const name of FOLDERS)
      expect(
        reports
          .get(name)!
          .tests.map((test) => test.id)
          .sort(),
      ).toEqual([...cases.keys()].sort());
  });

  it('passes every case of the correct ones, an exit status of 1 included', () => {
    for (const name of [
      'correct-game-class',
      'correct-mvc-observers',
      'correct-procedural',
      'correct-exit-status-one',
    ]) {
      expect(failing(name), name).toEqual(new Set());
      expect(reports.get(name)!.score).toBe(reports.get(name)!.maxScore);
    }
  });

  it("gives a correct game printed without the > prompt every game's points and fails only its format, told as the prompts", () => {
    const report = reports.get('format-no-prompt')!;
    // A case whose course output tells no game (the input ends before a card is played) has no game
    // part: judged on its format alone, it earns nothing here.
    const gameless = report.tests.filter((test) => test.parts === undefined);
    expect(gameless.map((test) => test.id).sort()).toEqual(
      [...cases]
        .filter(([, each]) => readStraightsEvents(expected(each)).length === 0)
        .map(([id]) => id)
        .sort(),
    );
    for (const test of report.tests) {
      expect(test.status, test.id).toBe('failed');
      if (test.parts === undefined) continue;
      expect(test.parts.game.passed, test.id).toBe(true);
      expect(test.parts.format.passed, test.id).toBe(false);
    }
    expect(report.tests.some((test) => test.parts?.format.only === 'prompts')).toBe(true);
    // The rubric's default weights: the game 80, the format 20, of the cases with a game.
    const gamelessPoints = gameless.reduce((sum, test) => sum + test.maxScore, 0);
    expect(report.score).toBeCloseTo((report.maxScore - gamelessPoints) * 0.8, 5);
  });

  it('fails the ties reporting one winner exactly where two players or more share the lowest score', () => {
    expect(failing('wrong-tie-one-winner')).toEqual(
      where((_, output) => (output.match(/ wins!$/gm) ?? []).length >= 2),
    );
    expect(failing('wrong-tie-one-winner').size).toBeGreaterThan(0);
  });

  it('fails the game going on past 80 exactly where a round ends with the highest score exactly 80', () => {
    expect(failing('wrong-game-past-80')).toEqual(
      where((_, output) => output.includes(' wins!') && Math.max(...scores(output).slice(-4)) === 80),
    );
    expect(failing('wrong-game-past-80').size).toBeGreaterThan(0);
  });

  it('fails the engine re-created every round exactly where a second round is dealt', () => {
    expect(failing('wrong-engine-every-round')).toEqual(
      where((_, output) => (output.match(/A new round begins/g) ?? []).length >= 2),
    );
  });

  it('fails quit ignored exactly where a quit is read as a command, printing what an unknown command prints', () => {
    expect(failing('wrong-quit-ignored')).toEqual(
      where((each, output) => expected(asUnknown(each)) !== output),
    );
    expect(failing('wrong-quit-ignored').size).toBeGreaterThan(0);
  });

  it('fails an illegal first move and the wrong legal-play order where the game shows them: first on a Legal plays line', () => {
    for (const name of ['wrong-any-seven-opens', 'wrong-legal-plays-by-suit']) {
      const report = reports.get(name)!;
      const lost = report.tests.filter((test) => test.status !== 'passed');
      expect(lost.length, name).toBeGreaterThan(20);
      for (const test of lost) {
        expect(test.status).toBe('failed');
        const line = test.diff?.line ?? 0;
        expect(lines(expected(cases.get(test.id)!))[line - 1], `${name} ${test.id}`).toMatch(/^Legal plays:/);
      }
    }
  });

  it('times the EOF loop out on each case whose input ends at a command prompt, alone and cheaply, keeping its game', () => {
    const report = reports.get('wrong-eof-spins')!;
    const endsAtCommand = where((each, output) => {
      const words = (each.stdin ?? '').trim().split(/\s+/);
      const last = lines(output).at(-2) ?? '';
      return (
        output.endsWith('\n>') &&
        !/^>?Is Player\d a human/.test(last) &&
        !['play', 'discard'].includes(words.at(-1) ?? '') &&
        expected(asUnknown(each)) === output
      );
    });
    expect(failing('wrong-eof-spins')).toEqual(endsAtCommand);
    expect(endsAtCommand.size).toBeGreaterThan(0);
    // Only the end-of-input cases end at a prompt: no course, edge or drawn case.
    for (const id of endsAtCommand) expect(id).toMatch(/^transcript\.end-of-input\./);
    for (const test of report.tests.filter((each) => endsAtCommand.has(each.id))) {
      expect(test.status).toBe('timeout');
      expect(test.message).toMatch(
        /^the game is right \(every event as the course's\), then .*limit of 1000 ms/,
      );
      expect(test.parts?.game.passed, test.id).toBe(true);
      expect(test.parts?.format.passed, test.id).toBe(false);
    }
    // Told once for all of them, with how many.
    expect(report.notes?.filter((note) => note.includes('asks again for ever'))).toEqual([
      `at the end of its input your straights asks again for ever, or prints on, instead of ending (${endsAtCommand.size === 1 ? '1 case, stopped' : `${endsAtCommand.size} cases, each stopped`} by a limit after the game's last event): those cases keep the game's points and lose the format's`,
    ]);
  });

  it("gives every program whose game is right in every course case at least 75% of the transcripts' points, whatever its format or its end of input", () => {
    for (const name of [
      'correct-game-class',
      'correct-mvc-observers',
      'correct-procedural',
      'correct-exit-status-one',
      'format-no-prompt',
      'wrong-eof-spins',
    ]) {
      const report = reports.get(name)!;
      const course = report.tests.filter((test) => test.id.startsWith('transcript.course.'));
      expect(course.length, name).toBe(38);
      expect(course.every((test) => test.parts?.game.passed === true)).toBe(true);
      expect(report.score / report.maxScore, name).toBeGreaterThanOrEqual(0.75);
    }
  });

  it('tells a game seeded from the cycle counter that it changes from run to run (its chance, not a rule)', () => {
    const report = reports.get('wrong-seeded-from-cycle-counter')!;
    const first = report.tests.find((test) => test.id === 'transcript.course.own:1_allc.in')!;
    expect(first.status).toBe('failed');
    expect(first.message).toMatch(
      /^run twice on the same input, your straights printed something else the second time, from line \d+: what it prints must depend only on its input \(chance the grader cannot make repeat, such as the processor's cycle counter/,
    );
  });

  it('names the missing standard header of a build in one line', () => {
    const report = reports.get('wrong-missing-algorithm-header')!;
    for (const test of report.tests) {
      expect(test.status).toBe('load-error');
      expect(test.message).toBe(
        'your program does not compile: game.cc:55:23: std::find is used without #include <algorithm> (an older compiler included it through another header; g++ does not: add the #include)',
      );
    }
  });

  it('grades the fourteen programs within minutes on two places', () => {
    expect(seconds).toBeLessThan(300);
  });
});
