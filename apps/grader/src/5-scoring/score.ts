// Scoring: each test's outcome is worth its points when it passed, summed per part (each student file,
// all files together, the student's own tests) and in all, into the submission's report.

import { boundReport } from '../0-results/bounds.ts';
import { type PartScore, type Report, SCHEMA_VERSION } from '../0-results/report.ts';
import { roundPoints, type TestResult, type TestStatus, type TranscriptParts } from '../0-results/test.ts';
import type { Submission } from '../1-submission/submission.ts';
import { ALL_FILES, type PlannedTest, STUDENT_TESTS } from '../2-plan/plan.ts';
import type { GradeOptions } from '../4-phases/options.ts';
import type { Outcome } from '../4-phases/outcome.ts';
import type { Assignment } from '../kit/assignment.ts';
import { TOOL_VERSION } from '../plumbing/version.ts';

/** What the student tool's reports say of what it cannot score. */
export const STUDENT_TOOL_NOTE =
  'This tool runs the visible tests. Hidden tests, and how many planted bugs (mutants) your own tests in tests/ expose, are scored when your submission is graded.';

/** Each planned test's result: its outcome (a test that did not run is an error), and its points if it passed. */
export function scoreTests(
  tests: readonly PlannedTest[],
  outcomes: ReadonlyMap<string, Outcome>,
): TestResult[] {
  return tests.map((test) => {
    const outcome = outcomes.get(test.id) ?? {
      status: 'runtime-error' as TestStatus,
      message: 'the test did not run',
    };
    // A case whose course output tells no game has no game part: its points are its format's.
    const parts =
      test.parts === undefined || outcome.noGame === true
        ? undefined
        : partsOf(test.points, test.parts, outcome);
    const { parts: _judged, noGame: _noGame, ...rest } = outcome;
    return {
      id: test.id,
      name: test.name,
      file: test.file,
      kind: test.kind,
      visibility: test.visibility,
      score:
        parts === undefined
          ? outcome.status === 'passed'
            ? test.points
            : 0
          : roundPoints(parts.game.score + parts.format.score),
      maxScore: test.points,
      ...rest,
      ...(parts === undefined ? {} : { parts }),
      ...(test.transcript === undefined
        ? {}
        : { transcript: { linking: test.transcript.linking, words: [...test.transcript.case.words] } }),
      // Every hint of a failing test, with its condition: the report is the same on every run, and a
      // student's check drops those not due yet (hints.ts); a fault of the machinery is no evidence.
      ...(test.hint === undefined || outcome.status === 'passed' || outcome.infrastructure === true
        ? {}
        : { hint: test.hint }),
    };
  });
}

/**
 * A transcript's two parts with their points: the game's share when its events matched, the format's
 * when its bytes did (a passed test). Chance the grader could not repeat, or a call deviation the rubric
 * scores, leaves the game unearned too; an outcome the judge gave no parts (a limit, a load error) has
 * both as its status says.
 */
function partsOf(points: number, weights: PlannedTest['parts'] & {}, outcome: Outcome): TranscriptParts {
  const passed = outcome.status === 'passed';
  const spoiled = outcome.unrepeatable !== undefined || outcome.calls?.scored === true;
  const game = !spoiled && (passed || outcome.parts?.game.passed === true);
  const gameMax = roundPoints(points * weights.game);
  const formatMax = roundPoints(points - gameMax);
  return {
    game: {
      passed: game,
      score: game ? gameMax : 0,
      maxScore: gameMax,
      ...(outcome.parts?.game.at === undefined ? {} : { at: outcome.parts.game.at }),
    },
    format: {
      passed,
      score: passed ? formatMax : 0,
      maxScore: formatMax,
      ...(outcome.parts?.format.only === undefined ? {} : { only: outcome.parts.format.only }),
    },
  };
}

/**
 * The one note on transcripts whose program was stopped by a limit once its game was right (judged so
 * by 4-phases/judge-transcript.ts): a loop at the end of the input, told once for all of them rather
 * than as each case's fault. Undefined when there is none.
 */
export function endlessNote(results: readonly TestResult[], program: string): string | undefined {
  const endless = results.filter(
    (result) =>
      result.kind === 'transcript' &&
      (result.status === 'timeout' || result.status === 'output-limit') &&
      result.parts?.game.passed === true,
  );
  if (endless.length === 0) return undefined;
  const cases = endless.length === 1 ? '1 case' : `${endless.length} cases`;
  return `at the end of its input your ${program} asks again for ever, or prints on, instead of ending (${cases}, ${endless.length === 1 ? 'stopped' : 'each stopped'} by a limit after the game's last event): ${ENDLESS_NOTE_END}`;
}

/** How endlessNote's note ends: a note of the submission's own runs, kept with its stored report. */
export const ENDLESS_NOTE_END = "those cases keep the game's points and lose the format's";

/** What the submission scored and could have, in all and per part. */
export function scoreReport(
  assignment: Assignment,
  submission: Submission,
  folder: string,
  mode: GradeOptions['mode'],
  results: TestResult[],
  rest: Pick<Report, 'studentTests' | 'loadErrors' | 'typeCheck' | 'compiler'>,
  notes: readonly string[],
): Report {
  const parts: PartScore[] = [];
  for (const file of [...assignment.studentFiles.map((f) => f.name), ALL_FILES, STUDENT_TESTS]) {
    const partTests = results.filter((result) => result.file === file);
    if (partTests.length === 0) continue;
    parts.push({
      file,
      score: roundPoints(partTests.reduce((sum, result) => sum + result.score, 0)),
      maxScore: partTests.reduce((sum, result) => sum + result.maxScore, 0),
    });
  }
  // Every string a submission could make long is cut before the report is stored or rendered.
  return boundReport({
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'pitboss', version: TOOL_VERSION },
    assignment: { name: assignment.name, title: assignment.title, version: assignment.version },
    mode,
    seed: assignment.seed,
    submission: { name: submission.name, path: folder, hash: submission.hash },
    score: roundPoints(results.reduce((sum, result) => sum + result.score, 0)),
    maxScore: results.reduce((sum, result) => sum + result.maxScore, 0),
    parts,
    studentTests: rest.studentTests,
    loadErrors: rest.loadErrors,
    ...(rest.typeCheck === undefined ? {} : { typeCheck: rest.typeCheck }),
    ...(rest.compiler === undefined ? {} : { compiler: rest.compiler }),
    ...(assignment.native === undefined ? {} : { language: assignment.native.name }),
    tests: results,
    ...(assignment.partsNotHere === undefined || assignment.partsNotHere.length === 0
      ? {}
      : { notChecked: assignment.partsNotHere.map((part) => ({ ...part })) }),
    ...(notes.length === 0 ? {} : { notes: [...notes] }),
  });
}
