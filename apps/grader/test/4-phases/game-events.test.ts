// A transcript's two parts, judged by the core with no game of its own: a toy game whose events are
// the lines `<n> moves <word>`. The game passes when the events match, the format when the bytes do; a
// run beside the reference's files is told nothing of what it printed; the scoring shares the points.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundReport } from '../../src/0-results/bounds.ts';
import { type Report, SCHEMA_VERSION } from '../../src/0-results/report.ts';
import { earned } from '../../src/0-results/test.ts';
import type { PlannedTest } from '../../src/2-plan/plan.ts';
import type { LimitHit, ProgramOutcome } from '../../src/3-sandbox/door.ts';
import { Budget } from '../../src/3-sandbox/limits.ts';
import {
  allowanceOf,
  compareEvents,
  courseEvents,
  formatOnly,
  ReadingStopped,
  readEvents,
} from '../../src/4-phases/game-events.ts';
import { judgeTranscript } from '../../src/4-phases/judge-transcript.ts';
import { hung } from '../../src/4-phases/outcome.ts';
import { endlessNote, scoreTests } from '../../src/5-scoring/score.ts';
import { studentView } from '../../src/6-reports/views.ts';
import { type GameEvent, type GameEvents, type Limits, tell } from '../../src/kit/assignment.ts';
import { testResult } from '../support.ts';

const MOVE = /^[\s>]*(\d+)\s+moves\s+(\w+)/i;

const toy: GameEvents = {
  read: (output) =>
    output.split('\n').flatMap((text, i): GameEvent[] => {
      const m = MOVE.exec(text);
      if (m === null) return [];
      const [, who, what] = m as unknown as [string, string, string];
      return [
        {
          round: 1,
          line: i + 1,
          key: `${who} ${what.toLowerCase()}`,
          say: (teller) => `${tell(teller, 'have')} player ${who} move ${what.toLowerCase()}`,
        },
      ];
    }),
  withoutPrompts: (output) => output.replace(/^>/gm, ''),
  hint: () => 'is the toy right?',
};

const limits: Limits = { testTimeoutMs: 1000, programTimeoutMs: 1000, heapMb: 64, outputBytes: 1 << 20 };

const ran = (stdout: string, status = 0): ProgramOutcome => ({
  status,
  signal: null,
  stdout: Buffer.from(stdout),
  stderr: '',
  calls: [],
  chance: [],
});

const judge = (expected: string, actual: string, withhold = false, status = 0) =>
  judgeTranscript('toy.ts', expected, ran(actual, status), limits, 1000, withhold, undefined, toy);

const EXPECTED = 'Welcome\n>1 moves north\n>2 moves south\nScores\n1 moves east\nBye\n';

describe('game events in the core', () => {
  it('a right output passes both parts', () => {
    const outcome = judge(EXPECTED, EXPECTED);
    expect(outcome.status).toBe('passed');
    expect(outcome.parts?.game.passed).toBe(true);
    expect(outcome.parts?.format.passed).toBe(true);
  });

  it('the same game in another layout passes the game and fails the format, naming what alone differs', () => {
    const spaced = judge(EXPECTED, EXPECTED.replaceAll(' moves ', '  moves  '));
    expect(spaced.status).toBe('failed');
    expect(spaced.parts).toMatchObject({
      game: { passed: true },
      format: { passed: false, only: 'whitespace' },
    });
    expect(spaced.message).toContain('the game is right');
    const shouted = judge(EXPECTED, EXPECTED.toUpperCase());
    expect(shouted.parts).toMatchObject({ game: { passed: true }, format: { only: 'case' } });
    expect(shouted.message).toContain('only letter case');
    const bare = judge(EXPECTED, EXPECTED.replaceAll('>', ''));
    expect(bare.parts).toMatchObject({ game: { passed: true }, format: { only: 'prompts' } });
    expect(bare.message).toContain('only the prompts differ');
    const reworded = judge(EXPECTED, EXPECTED.replace('Welcome', 'Hello there'));
    expect(reworded.parts).toMatchObject({ game: { passed: true }, format: { passed: false } });
    expect(reworded.parts?.format.only).toBeUndefined();
  });

  it('a different game fails it, told as the first differing event in the game words, with its round, lines and hint', () => {
    const outcome = judge(EXPECTED, EXPECTED.replace('2 moves south', '2 moves west'));
    expect(outcome.parts?.game).toMatchObject({ passed: false, at: { round: 1, line: 3, actualLine: 3 } });
    expect(outcome.message).toContain(
      'round 1, line 3: you have player 2 move west where the course has player 2 move south (its line 3): is the toy right?',
    );
    const short = judge(EXPECTED, 'Welcome\n>1 moves north\n');
    expect(short.message).toContain(
      'your output tells no more of the game, where the course has player 2 move south',
    );
    const long = judge(EXPECTED, `${EXPECTED}3 moves up\n`);
    expect(long.message).toContain("you have player 3 move up after the course's game has ended");
  });

  const stoppedBy = (limit: LimitHit, actual: string, expected = EXPECTED) =>
    judgeTranscript('toy.ts', expected, { ...ran(actual), limit }, limits, 1000, false, undefined, toy);
  /** The course's output but its goodbye, then a prompt asked again for ever. */
  const spinning = `${EXPECTED.replace('Bye\n', '')}${'>'.repeat(5000)}`;

  it('a crash, or a limit before the game is over, earns neither part', () => {
    const crashed = judge(EXPECTED, EXPECTED.replace('Bye', 'Ciao'), false, 1);
    expect(crashed.parts).toMatchObject({ game: { passed: false }, format: { passed: false } });
    // Looping mid-game: the course's last event never came.
    const midGame = `${EXPECTED.slice(0, EXPECTED.indexOf('Scores'))}${'>'.repeat(5000)}`;
    for (const limit of ['time', 'cpu', 'output'] as const) {
      expect(stoppedBy(limit, midGame).parts, limit).toMatchObject({
        game: { passed: false },
        format: { passed: false },
      });
      expect(hung(stoppedBy(limit, midGame)), limit).toBe(limit !== 'output');
    }
    // Playing on past the course's game, or printing nothing at all, shows no right game either.
    expect(stoppedBy('time', `${EXPECTED}3 moves up\n`).parts?.game.passed).toBe(false);
    // A case whose course output holds no event has no game part: judged on its format alone.
    const gameless = stoppedBy('time', '', 'Welcome\n');
    expect(gameless.parts).toBeUndefined();
    expect(gameless.status).not.toBe('passed');
    // The memory limit and the submission's spent budget say nothing of where the program was.
    for (const limit of ['memory', 'budget'] as const)
      expect(stoppedBy(limit, spinning).parts?.game.passed, limit).toBe(false);
  });

  it("a time, processor or output limit after the course's last event keeps the game and loses the format, never a hang", () => {
    for (const limit of ['time', 'cpu', 'output'] as const) {
      const stopped = stoppedBy(limit, spinning);
      expect(stopped.status, limit).toBe(limit === 'output' ? 'output-limit' : 'timeout');
      expect(stopped.parts, limit).toMatchObject({ game: { passed: true }, format: { passed: false } });
      expect(stopped.message, limit).toMatch(
        /^the game is right \(every event as the course's\), then toy\.ts /,
      );
      expect(hung(stopped), limit).toBe(false);
    }
  });

  it('the report tells a loop after the game once, with how many cases it cost a format', () => {
    const tests = [1, 2, 3].map(
      (n): PlannedTest => ({
        id: `transcript.end-of-input.own:${n}`,
        name: `toy ${n}`,
        file: 'all files',
        kind: 'transcript',
        points: 0.5,
        visibility: 'visible',
        seed: n,
        transcript: { case: { group: 'end-of-input', words: [String(n)] }, linking: 'own' },
        parts: { game: 0.8, format: 0.2 },
      }),
    );
    const outcomes = new Map([
      [tests[0]!.id, stoppedBy('cpu', spinning)],
      [tests[1]!.id, stoppedBy('output', spinning)],
      [tests[2]!.id, stoppedBy('time', spinning.replace('north', 'west'))],
    ]);
    const results = scoreTests(tests, outcomes);
    expect(results.map((result) => result.score)).toEqual([0.4, 0.4, 0]);
    expect(endlessNote(results, 'toy.ts')).toBe(
      "at the end of its input your toy.ts asks again for ever, or prints on, instead of ending (2 cases, each stopped by a limit after the game's last event): those cases keep the game's points and lose the format's",
    );
    expect(endlessNote(results.slice(2), 'toy.ts')).toBeUndefined();
  });

  it('a run beside the reference files tells nothing of what it printed: only where, on the course side', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{6,12}$/), fc.boolean(), (secret, sameGame) => {
        // The program prints a secret of its own: as a move (another game) or as prose (the same game).
        const actual = sameGame
          ? EXPECTED.replace('Welcome', `Welcome ${secret}`)
          : EXPECTED.replace('2 moves south', `2 moves ${secret}`);
        const outcome = judge(EXPECTED, actual, true);
        expect(outcome.message).not.toContain(secret);
        expect(outcome.diff?.actual.lines).toEqual([]);
        expect(outcome.parts?.game.passed).toBe(sameGame);
        expect(outcome.parts?.game.at?.actualLine).toBeUndefined();
        if (!sameGame) {
          expect(outcome.message).toContain('the course has player 2 move south');
          expect(outcome.message).not.toContain('is the toy right?');
        }
      }),
    );
  });

  it('a run beside the reference files is told of whitespace alone, as before, never of case or prompts', () => {
    const shouted = judge(EXPECTED, EXPECTED.toUpperCase(), true);
    expect(shouted.parts?.format.only).toBeUndefined();
    expect(shouted.message).not.toContain('letter case');
    const bare = judge(EXPECTED, EXPECTED.replaceAll('>', ''), true);
    expect(bare.parts?.format.only).toBeUndefined();
    expect(bare.message).not.toContain('prompts');
    const spaced = judge(EXPECTED, EXPECTED.replaceAll(' moves ', '  moves '), true);
    expect(spaced.parts?.format.only).toBe('whitespace');
  });

  it('an output the reader chokes on reads as no events; arbitrary text never throws', () => {
    const choking: GameEvents = {
      read: () => {
        throw new Error('boom');
      },
    };
    expect(readEvents(choking, 'anything')).toEqual([]);
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const difference = compareEvents(readEvents(toy, a), readEvents(toy, b));
        if (a === b) expect(difference).toBeUndefined();
        formatOnly(a, b, toy.withoutPrompts);
      }),
    );
  });

  it("the course's output is read once a process: the same events as a reading, for any text, the reader called once", () => {
    let reads = 0;
    const counted: GameEvents = {
      read: (output, allowance) => {
        reads++;
        return toy.read(output, allowance);
      },
    };
    const lineArb = fc.oneof(
      fc.tuple(fc.nat(9), fc.constantFrom('up', 'down', 'Left')).map(([n, w]) => `${n} moves ${w}`),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), (lines) => {
        const text = `${lines.join('\n')}\u0000${reads}`;
        const before = reads;
        const first = courseEvents(counted, text);
        expect(first.map((event) => [event.key, event.line])).toEqual(
          readEvents(toy, text).map((event) => [event.key, event.line]),
        );
        expect(courseEvents(counted, text)).toBe(first);
        expect(reads).toBe(before + 1);
        expect(Object.isFrozen(first)).toBe(true);
      }),
    );
  });

  it('the rubric weights share a transcript test points: the game part alone earns its share', () => {
    const test: PlannedTest = {
      id: 'transcript.course.own:1',
      name: 'toy 1',
      file: 'all files',
      kind: 'transcript',
      points: 0.5,
      visibility: 'visible',
      seed: 1,
      transcript: { case: { group: 'course', words: ['1'] }, linking: 'own' },
      parts: { game: 0.8, format: 0.2 },
    };
    const results = (actual: string) => scoreTests([test], new Map([[test.id, judge(EXPECTED, actual)]]))[0]!;
    const right = results(EXPECTED);
    expect(right.score).toBe(0.5);
    expect(right.parts).toEqual({
      game: { passed: true, score: 0.4, maxScore: 0.4 },
      format: { passed: true, score: 0.1, maxScore: 0.1 },
    });
    const layout = results(EXPECTED.replaceAll('>', ''));
    expect(layout.status).toBe('failed');
    expect(layout.score).toBe(0.4);
    expect(earned(layout)).toBe(0.4);
    const wrong = results(EXPECTED.replace('north', 'west'));
    expect(wrong.score).toBe(0);
    expect(earned(wrong)).toBe(0);
    // Without parts a transcript is worth its points when it passed, as before.
    const { parts: _none, ...plain } = test;
    expect(
      scoreTests([plain], new Map([[test.id, judge(EXPECTED, EXPECTED.replaceAll('>', ''))]]))[0]!.score,
    ).toBe(0);
  });

  it('a case whose course output tells no game is judged on its format alone: an empty program earns nothing', () => {
    const test: PlannedTest = {
      id: 'transcript.edge.own:usage',
      name: 'toy usage',
      file: 'all files',
      kind: 'transcript',
      points: 0.5,
      visibility: 'visible',
      seed: 1,
      transcript: { case: { group: 'edge', words: [] }, linking: 'own' },
      parts: { game: 0.8, format: 0.2 },
    };
    const USAGE = 'Usage: toy <moves>\n';
    const result = (expected: string, actual: string) =>
      scoreTests([test], new Map([[test.id, judge(expected, actual)]]))[0]!;
    for (const actual of ['', '>', 'Usage:\n']) {
      const nothing = result(USAGE, actual);
      expect(nothing.score, JSON.stringify(actual)).toBe(0);
      expect(nothing.parts).toBeUndefined();
      expect(nothing).not.toHaveProperty('noGame');
    }
    const right = result(USAGE, USAGE);
    expect(right.score).toBe(0.5);
    expect(right.parts).toBeUndefined();
    // A course output with a game keeps its parts: an empty output earns neither.
    const empty = result(EXPECTED, '');
    expect(empty.score).toBe(0);
    expect(empty.parts?.game).toMatchObject({ passed: false, maxScore: 0.4 });
  });

  it("a reading past the submission's budget stops with the case failed and says why", () => {
    // The toy, reading as every reader does: telling its allowance of each line.
    const reader: GameEvents = {
      ...toy,
      read: (output, allowance) => {
        for (const _ of output.split('\n')) allowance?.line();
        return toy.read(output);
      },
    };
    const spent = new Budget(0);
    const many = EXPECTED.repeat(100);
    const outcome = judgeTranscript(
      'toy.ts',
      many,
      ran(many.replace('north', 'west')),
      { ...limits, budgetMs: 0 },
      1000,
      false,
      undefined,
      reader,
      false,
      spent,
    );
    expect(outcome.status).toBe('timeout');
    expect(outcome.message).toMatch(
      /^toy\.ts's output was not read to its end: reading it as the game's events ran out of the submission's time budget/,
    );
    expect(outcome.parts).toBeUndefined();
    // A budget left reads to the end, and the reading is counted in it.
    const budget = new Budget(60_000);
    expect(
      judgeTranscript('toy.ts', many, ran(many), limits, 1000, false, undefined, reader, false, budget)
        .status,
    ).toBe('passed');
    expect(budget.left()).toBeLessThan(60_000);
  });

  it('an allowance throws only past its deadline, and readEvents passes that on where a reader bug reads as no events', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `${i} moves north`).join('\n');
    expect(readEvents(toy, lines, allowanceOf(60_000))).toHaveLength(1000);
    const counted: GameEvents = {
      read: (output, allowance) => output.split('\n').flatMap((text) => (allowance?.line(), [])),
    };
    expect(() => readEvents(counted, lines, allowanceOf(-1))).toThrow(ReadingStopped);
  });

  it("a student's view keeps a visible transcript's parts and drops a hidden one's, its score kept", () => {
    const parts = {
      game: { passed: true, score: 0.4, maxScore: 0.4, at: { round: 2, line: 9, actualLine: 9 } },
      format: { passed: false, score: 0, maxScore: 0.1, only: 'prompts' as const },
    };
    const transcript = (id: string, visibility: 'visible' | 'hidden') =>
      testResult({
        id,
        name: `toy ${id}`,
        file: 'all files',
        kind: 'transcript',
        visibility,
        status: 'failed',
        score: 0.4,
        maxScore: 0.5,
        message: "the game is right (every event as the course's), the format is not: line 2 differs",
        parts,
      });
    const report: Report = boundReport({
      schemaVersion: SCHEMA_VERSION,
      tool: { name: 'pitboss', version: '0' },
      assignment: { name: 'toy', title: 'toy', version: '1' },
      mode: 'grade',
      seed: 1,
      submission: { name: 's', path: 's', hash: 'h' },
      score: 0.8,
      maxScore: 1,
      parts: [{ file: 'all files', score: 0.8, maxScore: 1 }],
      studentTests: { cases: [], exposed: 0, mutants: 0 },
      loadErrors: [],
      tests: [
        transcript('transcript.course.own:1', 'visible'),
        transcript('transcript.private.own:secret', 'hidden'),
      ],
    });
    const [visible, hidden] = studentView(report).tests;
    expect(visible!.parts).toEqual(parts);
    expect(hidden!.parts).toBeUndefined();
    expect(hidden!.message).toBeUndefined();
    expect(hidden!.score).toBe(0.4);
    expect(JSON.stringify(hidden)).not.toContain('secret');
  });
});
