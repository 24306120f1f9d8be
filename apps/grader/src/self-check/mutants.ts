// `pitboss mutants`: the grader checks itself. Every mutant must lose points on a test about the file
// it changed; every correct-* fixture must score the maximum without a warning, every warned-* the
// maximum with one (a deviation the rubric does not score), every wrong-* must lose points, and every
// format-* must play every transcript's game right and lose a format part.

import { cpSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LimitFunction } from 'p-limit';
import type { Report } from '../0-results/report.ts';
import type { TestResult } from '../0-results/test.ts';
import type { PlannedTest } from '../2-plan/plan.ts';
import type { GradeOptions } from '../4-phases/options.ts';
import { testWarnings } from '../6-reports/words.ts';
import { solutionDirOf } from '../assignment/load.ts';
import { gradeSubmission } from '../grade.ts';
import type { Assignment, Limits } from '../kit/assignment.ts';
import type { Mutant } from '../mutants/catalogue.ts';

/** The kinds of test a kill is told by, in the matrix's columns. */
export const KILL_KINDS = ['unit', 'linked', 'own'] as const;
export type KillKind = (typeof KILL_KINDS)[number];

/** What a fixture's name (`correct-`, `warned-`, `wrong-`) says it must get. */
export type Expectation = 'full marks' | 'full marks, warned' | 'loses points' | 'game right, format lost';

const EXPECTATIONS: Record<string, Expectation> = {
  correct: 'full marks',
  warned: 'full marks, warned',
  wrong: 'loses points',
  format: 'game right, format lost',
};

export interface MutantRow {
  mutant: Mutant;
  /** Failed tests by kind. */
  kills: Record<KillKind, number>;
  /** Whether a test about the mutated file caught it. */
  caughtByItsFile: boolean;
}

export interface FixtureRow {
  name: string;
  expectation: Expectation;
  /** How many tests passed with a warning (CallsCheck: the calls part from the reference's). */
  warnings: number;
  score: number;
  maxScore: number;
  ok: boolean;
}

export interface SelfCheck {
  mutants: MutantRow[];
  fixtures: FixtureRow[];
  ok: boolean;
}

const killKind = (test: TestResult): KillKind | undefined => {
  if (test.kind === 'unit') return 'unit';
  return test.transcript?.linking;
};

/** A transcript's cost, roughly: how many lines the reference prints for it. */
const linesExpected = (assignment: Assignment, test: PlannedTest): number =>
  test.transcript === undefined
    ? 0
    : assignment.transcripts.expected(test.transcript.case).split('\n').length;

/** A transcript this long or shorter is run in the cheap wave. */
const SHORT_TRANSCRIPT = 1000;

/**
 * The file whose tests a mutant must fail: the file it changed, or, for a module of the solution's own
 * design (no contract file), the program, beside which such modules are staged in every linking.
 */
export function ownerOf(assignment: Assignment, mutant: Mutant): string {
  const contract = assignment.studentFiles.some((file) => file.name === mutant.file);
  return contract ? mutant.file : assignment.transcripts.program;
}

/** The files whose tests are about a mutant: its owner's, and those of the file its owner is tested through. */
function filesAbout(assignment: Assignment, mutant: Mutant): Set<string> {
  const owner = ownerOf(assignment, mutant);
  const through = assignment.studentFiles.find((file) => file.name === owner)?.testedThrough;
  return new Set([owner, ...(through === undefined ? [] : [through])]);
}

/**
 * The waves of tests that can tell a mutant from the solution, cheapest first: the tests about its
 * file, the short transcripts, then the rest, each wave only while the mutant has survived. Transcripts
 * run in the one linking that holds the mutated file: the program's mutants (and its own modules') with
 * the reference files, the others among the student's own files.
 */
function waves(assignment: Assignment, mutant: Mutant): ((test: PlannedTest) => boolean)[] {
  const owner = ownerOf(assignment, mutant);
  // A whole program (NativeLanguage.wholeProgram) runs only as itself: its transcripts' one linking.
  const whole = assignment.native?.wholeProgram !== undefined;
  const linking = owner === assignment.transcripts.program && !whole ? 'linked' : 'own';
  const transcript = (test: PlannedTest) =>
    test.kind === 'transcript' && test.transcript?.linking === linking;
  const files = filesAbout(assignment, mutant);
  return [
    (test) => test.kind === 'unit' && files.has(test.file),
    (test) => transcript(test) && linesExpected(assignment, test) <= SHORT_TRANSCRIPT,
    (test) => transcript(test) && linesExpected(assignment, test) > SHORT_TRANSCRIPT,
  ];
}

export interface SelfCheckOptions {
  assignment: Assignment;
  plan: readonly PlannedTest[];
  mutants: readonly Mutant[];
  fixturesDir: string;
  workRoot: string;
  limiter: LimitFunction;
  limits: Limits;
  jobs: number;
}

export async function selfCheck(options: SelfCheckOptions): Promise<SelfCheck> {
  const { assignment, plan, workRoot } = options;
  const base: Omit<GradeOptions, 'filter'> = {
    mode: 'grade',
    workRoot,
    limiter: options.limiter,
    limits: options.limits,
    jobs: options.jobs,
  };
  const noStudentTests = (test: PlannedTest) => test.kind !== 'mutant';

  const mutantRows = options.mutants.map(async (mutant): Promise<MutantRow> => {
    const dir = join(workRoot, 'mutants', mutant.id);
    cpSync(solutionDirOf(assignment), dir, { recursive: true });
    writeFileSync(join(dir, mutant.file), mutant.source);
    const kills: Record<KillKind, number> = { unit: 0, linked: 0, own: 0 };
    let caughtByItsFile = false;
    const itsFiles = filesAbout(assignment, mutant);
    const whole = assignment.native?.wholeProgram !== undefined;
    for (const wave of waves(assignment, mutant)) {
      if (kills.unit + kills.linked + kills.own > 0) break;
      const report = await gradeSubmission(assignment, plan, dir, { ...base, filter: wave });
      for (const test of report.tests) {
        if (test.status === 'passed') continue;
        const kind = killKind(test);
        if (kind !== undefined) kills[kind]++;
        // Every file of a whole program is tested by its transcripts, and only by them.
        if (itsFiles.has(test.file) || (whole && test.kind === 'transcript')) caughtByItsFile = true;
      }
    }
    return { mutant, kills, caughtByItsFile };
  });

  const folders = existsSync(options.fixturesDir)
    ? readdirSync(options.fixturesDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && /^(correct|warned|wrong|format)-/.test(entry.name))
        .map((entry) => entry.name)
        .sort()
    : [];
  const fixtureRows = [
    { name: 'solution', dir: solutionDirOf(assignment) },
    ...folders.map((name) => ({ name, dir: join(options.fixturesDir, name) })),
  ].map(async ({ name, dir }): Promise<FixtureRow> => {
    const report: Report = await gradeSubmission(assignment, plan, dir, { ...base, filter: noStudentTests });
    const expectation = EXPECTATIONS[name.replace(/-.*/, '')] ?? 'full marks';
    const full = report.score === report.maxScore;
    const warnings = report.tests.filter((test) => testWarnings(test).length > 0).length;
    return {
      name,
      expectation,
      score: report.score,
      maxScore: report.maxScore,
      warnings,
      ok:
        expectation === 'loses points'
          ? !full
          : expectation === 'game right, format lost'
            ? gameRightFormatLost(report.tests)
            : full && (expectation === 'full marks' ? warnings === 0 : warnings > 0),
    };
  });

  const mutants = await Promise.all(mutantRows);
  const fixtures = await Promise.all(fixtureRows);
  return {
    mutants,
    fixtures,
    ok: mutants.every((row) => row.caughtByItsFile) && fixtures.every((row) => row.ok),
  };
}

/** Every transcript with parts plays the course's game, and at least one prints it in another format. */
const gameRightFormatLost = (tests: readonly TestResult[]): boolean => {
  const parted = tests.filter((test) => test.parts !== undefined);
  return (
    parted.length > 0 &&
    parted.every((test) => test.parts!.game.passed) &&
    parted.some((test) => !test.parts!.format.passed)
  );
};

export function renderSelfCheck(check: SelfCheck): string {
  const out: string[] = [];
  const width = Math.max(...check.mutants.map((row) => row.mutant.id.length), 10);
  out.push(`${'mutant'.padEnd(width)}  part     unit  linked  own  caught by a test of its file`);
  for (const row of check.mutants) {
    const cells = KILL_KINDS.map((kind) =>
      String(row.kills[kind] || '.').padStart(kind === 'unit' ? 4 : kind === 'linked' ? 6 : 3),
    );
    out.push(
      `${row.mutant.id.padEnd(width)}  ${row.mutant.part.padEnd(7)} ${cells.join('  ')}  ${row.caughtByItsFile ? 'yes' : `NO: survives (${row.mutant.file}: ${row.mutant.description})`}`,
    );
  }
  const caught = check.mutants.filter((row) => row.caughtByItsFile).length;
  out.push(
    `${caught} of ${check.mutants.length} mutants caught by a test about the file they change (columns: failed tests by kind, in waves: unit tests, short transcripts, long ones, until one fails)`,
  );
  out.push('');
  for (const row of check.fixtures) {
    out.push(
      `${row.ok ? 'ok  ' : 'FAIL'}  ${row.name.padEnd(40)} ${`${row.score}/${row.maxScore}`.padStart(9)}  expected ${row.expectation}${row.warnings > 0 ? ` (${row.warnings} warned)` : ''}`,
    );
  }
  out.push(
    '',
    check.ok
      ? 'The grader catches every mutant and judges every fixture right.'
      : 'The grader missed something (see above).',
  );
  return `${out.join('\n')}\n`;
}
