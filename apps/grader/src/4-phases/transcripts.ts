// Phase: the transcripts. Each case's program runs in the sandbox, in waves that stop at a program that
// hangs; the first run of each linking runs again (its repeat), the first failing case of a group is
// shrunk, and a linked run's calls are checked (shrink-and-calls.ts).
import { join } from 'node:path';
import type { TranscriptDiff } from '../0-results/diff.ts';
import type { PlannedTest } from '../2-plan/plan.ts';
import {
  type Budget,
  type NativeStaging,
  type ProgramRun,
  programIn,
  READY_VARIABLE,
  runPrograms,
  type Staging,
  studentChance,
  transcriptLimitMs,
  withChance,
} from '../3-sandbox/door.ts';
import { type Assignment, wholeProgramRun } from '../kit/assignment.ts';
import { callsExpected, expectedOf } from './expected.ts';
import { judgeTranscript, lineCount } from './judge-transcript.ts';
import type { Keeping } from './keep.ts';
import type { GradeOptions } from './options.ts';
import { HANGS_TO_STOP, hung, notRunAfterHangs, type Outcome } from './outcome.ts';
import { judgeCalls, shorterInput } from './shrink-and-calls.ts';

/** A TypeScript file's module in a stage (`deck.ts` -> `deck.mjs`). */
const moduleFile = (name: string) => `${name.replace(/\.ts$/, '')}.mjs`;

/** A linking's runs started together while none has hung: a few, so that a hang found stops the rest soon. */
const WAVE = 4;

/** A run is long when its time limit is at least this many times the median of its linking's. */
const LONG = 4;

/** The runs among `runs` whose limit (from their expected output's length) marks them long. */
function longRuns(runs: readonly ProgramRun[]): ProgramRun[] {
  const limits = runs.map((each) => each.timeoutMs ?? 0).sort((a, b) => a - b);
  const median = limits[Math.floor(limits.length / 2)] ?? 0;
  return runs.filter((each) => median > 0 && (each.timeoutMs ?? 0) >= LONG * median);
}

export async function runTranscripts(
  assignment: Assignment,
  tests: readonly PlannedTest[],
  staging: Staging,
  options: GradeOptions,
  budget: Budget,
): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  const { program } = assignment.transcripts;
  // A whole program (a compiled game of the student's design): each case is judged alone, on a short
  // limit, and its exit status is its own (judgeTranscript).
  const whole = assignment.native?.wholeProgram;
  const studentFiles = assignment.studentFiles.map((file) => file.name);
  const stages = new Map<string, string>();
  // A linked run records its program's calls to the reference's files when the assignment checks them.
  const recording = { recording: assignment.transcripts.calls !== undefined };
  const stageFor = (linking: 'linked' | 'own') => {
    let dir = stages.get(linking);
    if (dir === undefined) {
      dir = staging.stage(linking === 'linked' ? [program] : 'all', {}, recording);
      stages.set(linking, dir);
    }
    return dir;
  };
  const runs: ProgramRun[] = [];
  const timeoutOf = new Map<string, number>();
  for (const test of tests) {
    const { case: transcriptCase, linking } = test.transcript!;
    const needed = linking === 'linked' ? [program] : studentFiles;
    const problems = needed.flatMap((file) => staging.problems.get(file) ?? []);
    // A whole program may run a case otherwise than by its words (wholeProgramRun: the course's
    // command line, the seed in the environment; a harness's case).
    const runAs = whole === undefined ? undefined : wholeProgramRun(whole, transcriptCase.words);
    const harnessProblem = runAs?.program === undefined ? undefined : staging.problems.get(runAs.program);
    const linkProblem = staging.linkProblem?.(linking === 'linked' ? [program] : 'all') ?? harnessProblem;
    if (problems.length > 0 || linkProblem !== undefined) {
      outcomes.set(test.id, {
        status: 'load-error',
        message: [...problems, ...(linkProblem === undefined ? [] : [linkProblem])].join('; '),
      });
      continue;
    }
    // A case with files of its own gets a stage of its own, the files beside the program.
    const dir =
      transcriptCase.files === undefined
        ? stageFor(linking)
        : staging.stage(linking === 'linked' ? [program] : 'all', transcriptCase.files, recording);
    const file = runAs?.program === undefined ? programIn(assignment, dir) : join(dir, runAs.program);
    const timeoutMs = transcriptLimitMs(
      options.limits,
      lineCount(expectedOf(assignment, transcriptCase)),
      whole?.floorMs,
    );
    timeoutOf.set(test.id, timeoutMs);
    runs.push({
      key: test.id,
      file,
      cwd: dir,
      args: runAs?.words ?? transcriptCase.words,
      stdin: transcriptCase.stdin,
      timeoutMs,
      native: assignment.native !== undefined,
      ...(assignment.native === undefined ? {} : { canary: (staging as NativeStaging).canary }),
      ...(whole === undefined ? {} : { env: { ...runAs?.env, [READY_VARIABLE]: '1' } }),
      // The course's files of a linked run, apart from the student's program (3-sandbox/isolate).
      ...(linking === 'linked'
        ? {
            apart: studentFiles.filter((name) => name !== program).map(moduleFile),
            provided: assignment.providedFiles.map((provided) => moduleFile(provided.name)),
          }
        : {}),
    });
  }
  const caseOf = new Map(tests.map((test) => [test.id, test.transcript!.case]));
  const linkingOf = new Map(tests.map((test) => [test.id, test.transcript!.linking]));
  const nameOf = new Map(tests.map((test) => [test.id, test.name]));
  const callsOf = new Map(tests.map((test) => [test.id, test.transcript!.calls]));
  /** What each run that ended by itself printed, for the repeat below. */
  const printed = new Map<string, Buffer>();
  // Each run a fresh sandboxed process of its own (3-sandbox/programs.ts): no run sees another.
  const run = (some: readonly ProgramRun[]) =>
    runPrograms(some, {
      limits: options.limits,
      limiter: options.limiter,
      budget,
      sandbox: options.sandbox,
      done: (id, outcome) => {
        if (outcome.limit === undefined && outcome.infrastructure !== true) printed.set(id, outcome.stdout);
        const judged = judgeTranscript(
          program,
          expectedOf(assignment, caseOf.get(id)!),
          outcome,
          options.limits,
          timeoutOf.get(id) ?? options.limits.programTimeoutMs,
          linkingOf.get(id) === 'linked',
          assignment.transcripts.reads?.(caseOf.get(id)!),
          assignment.transcripts.events,
          whole !== undefined,
          budget,
        );
        const calls = callsOf.get(id);
        // A linked run's other files are the reference's: only the program is the student's.
        const own = linkingOf.get(id) === 'linked' ? [program] : studentFiles;
        outcomes.set(
          id,
          withChance(
            calls === undefined
              ? judged
              : judgeCalls(judged, outcome, program, calls, () => callsExpected(assignment, caseOf.get(id)!)),
            studentChance(outcome.chance, own),
          ),
        );
      },
    });
  // Each linking's runs go in waves, in the plan's order: its first HANGS_TO_STOP, then WAVE at a time
  // while none has hung, one at a time once one has. When HANGS_TO_STOP of a linking's runs have run out
  // of time, the program hangs: the rest of that linking get that verdict without waiting for it again,
  // so a program that hangs in most cases costs a few limits, not one per case. Which runs decide is
  // fixed by the plan's order and the verdicts, never by which finished first or by --jobs.
  const linkings = [...new Set(runs.map((each) => linkingOf.get(each.key)!))];
  const pending = new Map(
    linkings.map((linking) => [linking, runs.filter((each) => linkingOf.get(each.key) === linking)]),
  );
  const hangsIn = new Map(linkings.map((linking) => [linking, [] as string[]]));
  // A linking's long runs (the 5000-hand game) start as soon as its first wave ends without a hang,
  // beside the waves, rather than last: the same verdicts (each is taken in its wave's turn, and one
  // the waves would not have run is told so), the wall time of the longest run instead of its sum.
  const early = new Map<string, Promise<void>>();
  for (let wave = 0; [...pending.values()].some((left) => left.length > 0); wave++) {
    const now = linkings.flatMap((linking) => {
      const hangs = hangsIn.get(linking)!.length;
      const size = wave === 0 ? HANGS_TO_STOP : hangs > 0 && whole === undefined ? 1 : WAVE;
      return pending.get(linking)!.splice(0, size);
    });
    await Promise.all([
      run(now.filter((each) => !early.has(each.key))),
      ...now.flatMap((each) => early.get(each.key) ?? []),
    ]);
    for (const each of now) {
      // A program asking again for ever where the input ends at a prompt hangs there alone.
      if (hung(outcomes.get(each.key)) && caseOf.get(each.key)!.endsAtPrompt !== true)
        hangsIn.get(linkingOf.get(each.key)!)!.push(nameOf.get(each.key)!);
    }
    for (const linking of linkings) {
      const hangs = hangsIn.get(linking)!;
      // A whole program that spins where its input ends hangs on those cases alone, each on its own
      // short limit: its other cases still run.
      if (hangs.length < HANGS_TO_STOP || whole !== undefined) {
        if (wave === 0 && hangs.length === 0)
          for (const each of longRuns(pending.get(linking)!)) early.set(each.key, run([each]));
        continue;
      }
      for (const each of pending.get(linking)!.splice(0)) {
        await early.get(each.key);
        printed.delete(each.key);
        outcomes.set(
          each.key,
          notRunAfterHangs(linking === 'linked' ? program : `${program} with all your files`, hangs),
        );
      }
    }
  }
  await repeatFirstRuns(
    runs.filter((each) => printed.has(each.key)),
    linkingOf,
    printed,
    outcomes,
    program,
    options,
    budget,
    assignment.native !== undefined,
  );
  // The first failing case of each linking in a group that shrinks is cut down to a shorter stdin.
  const groups = assignment.transcripts.shrink?.groups ?? [];
  const shrinking = linkings.flatMap((linking) => {
    const failing = runs.find((each) => {
      const outcome = outcomes.get(each.key)!;
      const transcriptCase = caseOf.get(each.key)!;
      return (
        linkingOf.get(each.key) === linking &&
        groups.includes(transcriptCase.group) &&
        transcriptCase.stdin !== undefined &&
        outcome.diff !== undefined &&
        outcome.infrastructure !== true
      );
    });
    return failing === undefined ? [] : [failing];
  });
  await Promise.all(
    shrinking.map(async (failing) => {
      const linked = linkingOf.get(failing.key) === 'linked';
      const shorter = await shorterInput(
        assignment,
        failing,
        caseOf.get(failing.key)!,
        linked,
        options,
        budget,
      );
      if (shorter === undefined) return;
      const outcome = outcomes.get(failing.key)!;
      outcomes.set(failing.key, {
        ...outcome,
        message: `${outcome.message}; a shorter input shows a difference too: ${shorter.lines} of the ${shorter.originalLines} lines typed (shown below)`,
        shorterInput: shorter,
      });
    }),
  );
  return outcomes;
}

/**
 * Chance the sandbox cannot repeat (3-sandbox/children/chance.ts makes the usual sources repeatable; timers
 * racing, or a realm of the code's own making, are not) shows as a program that prints otherwise when
 * run again on the same input. The first run of each linking that ended by itself (`ran`, in the plan's
 * order: always the same ones) runs once more; a difference fails its test, naming the first line that
 * differs and never what is on it (a linked run's output is withheld). A second run stopped by a limit
 * says nothing of chance and changes nothing.
 */
async function repeatFirstRuns(
  ran: readonly ProgramRun[],
  linkingOf: ReadonlyMap<string, 'linked' | 'own'>,
  printed: ReadonlyMap<string, Buffer>,
  outcomes: Map<string, Outcome>,
  program: string,
  options: GradeOptions,
  budget: Budget,
  /** A compiled program: its chance is told in its own words. */
  native = false,
): Promise<void> {
  const linkings = [...new Set(ran.map((each) => linkingOf.get(each.key)!))];
  const again = linkings.map((linking) => ran.find((each) => linkingOf.get(each.key) === linking)!);
  await runPrograms(again, {
    limits: options.limits,
    limiter: options.limiter,
    budget,
    sandbox: options.sandbox,
    done: (id, second) => {
      if (second.limit !== undefined || second.infrastructure === true) return;
      const first = printed.get(id)!;
      if (first.equals(second.stdout)) return;
      const line = firstDifferentLine(first.toString('utf8'), second.stdout.toString('utf8'));
      const outcome = outcomes.get(id)!;
      outcomes.set(id, {
        ...outcome,
        status: 'failed',
        message: `run twice on the same input, your ${program} printed something else the second time, from line ${line}: what it prints must depend only on its input (${native ? "chance the grader cannot make repeat, such as the processor's cycle counter or random instructions, or memory read before it is written, make it differ: seed the game from its argument alone" : "timers racing each other, or chance the grader cannot make repeat, such as a new realm's Math.random, make it differ"})${outcome.status === 'passed' ? '' : `; the first run: ${outcome.message ?? outcome.status}`}`,
        unrepeatable: { line },
      });
    },
  });
}

/** The number of the first line two outputs differ on (from 1). */
function firstDifferentLine(first: string, second: string): number {
  const a = first.split('\n');
  const b = second.split('\n');
  let line = 0;
  while (line < a.length && line < b.length && a[line] === b[line]) line++;
  return line + 1;
}

/** When the student's files together fail where their program alone passed, name the likely culprits. */
export function attribute(
  tests: readonly PlannedTest[],
  outcomes: Map<string, Outcome>,
  program: string,
): void {
  const failedFiles = [
    ...new Set(
      tests
        .filter((test) => test.kind === 'unit' && outcomes.get(test.id)?.status !== 'passed')
        .map((test) => test.file),
    ),
  ];
  // The linked run of each case, found by the case itself, never by taking an id apart.
  const linkedOf = new Map(
    tests
      .filter((test) => test.transcript?.linking === 'linked')
      .map((test) => [test.transcript!.case, test.id]),
  );
  for (const test of tests) {
    if (test.transcript?.linking !== 'own') continue;
    const own = outcomes.get(test.id);
    if (own === undefined || own.status === 'passed' || own.status === 'load-error') continue;
    const linkedId = linkedOf.get(test.transcript.case);
    if (linkedId === undefined || outcomes.get(linkedId)?.status !== 'passed') continue;
    own.suspects = failedFiles;
    const suspects = failedFiles.length > 0 ? failedFiles.join(', ') : 'another of your files';
    own.message = `${own.message}. Your ${program} gets this case right with the reference files, so the difference comes from ${suspects}: see the tests of ${failedFiles.length === 1 ? 'that file' : 'those files'}`;
  }
}

/**
 * How many of the expected output's lines a kept transcript compares: through the first that differs,
 * when the program's own line there (as the kept test splits its stdout) is known to differ, so the
 * shorter test still fails; undefined (the whole output) when that is not sure or saves nothing.
 */
function linesThrough(expected: string, diff: TranscriptDiff): number | undefined {
  const want = expected.split('\n');
  const n = diff.line;
  if (n >= want.length) return undefined;
  let got: string | undefined;
  if (n <= diff.actualLines) {
    got = diff.actual.lines[n - diff.actual.from];
    if (got === undefined) return undefined;
  } else if (n === diff.actualLines + 1 && diff.finalNewline?.actual === true) got = '';
  return got === want[n - 1] ? undefined : n;
}

/**
 * check --keep: each visible transcript the student's own files print wrong, kept as its words, its
 * stdin and the expected output (a visible case shows it already) through its first difference. A linked run's failure is
 * the student's program beside the reference's files, which their own test cannot run: only `own`.
 */
export function keepTranscripts(
  assignment: Assignment,
  tests: readonly PlannedTest[],
  outcomes: ReadonlyMap<string, Outcome>,
  keeping: Keeping,
): void {
  for (const test of tests) {
    const outcome = outcomes.get(test.id);
    if (test.transcript?.linking !== 'own' || test.visibility !== 'visible' || outcome === undefined)
      continue;
    if (outcome.status === 'passed') continue;
    const transcriptCase = test.transcript.case;
    if (outcome.status !== 'failed') {
      keeping.notKept.set(test.id, `it ended in ${outcome.status}, not a difference in its output`);
      continue;
    }
    if (transcriptCase.files !== undefined) {
      keeping.notKept.set(test.id, 'its words name files the grader writes beside the program');
      continue;
    }
    const expected = assignment.transcripts.expected(transcriptCase);
    const lines = outcome.diff === undefined ? undefined : linesThrough(expected, outcome.diff);
    keeping.transcripts.push({
      testId: test.id,
      name: test.name,
      program: assignment.transcripts.program,
      words: transcriptCase.words,
      stdin: transcriptCase.stdin,
      expected,
      ...(lines === undefined ? {} : { lines }),
      message: outcome.message ?? 'its output differs',
      rerun: { only: test.id },
    });
  }
}
