export type { Report } from './0-results/report.ts';
export type { TestResult, TestStatus } from './0-results/test.ts';
export { type Linking, type PlannedTest, planTests } from './2-plan/plan.ts';
export { formatReplay, type GradeOptions, type Replay } from './4-phases/options.ts';
export { FORMATS, type Format, render } from './6-reports/index.ts';
export { assignmentNames, loadAssignment } from './assignment/load.ts';
export { type Io, runPitboss } from './commands/cli.ts';
export { gradeSubmission, selectTests } from './grade.ts';
export {
  EXIT_FAILURES,
  EXIT_OK,
  EXIT_USAGE,
  PitbossError,
  type PitbossErrorCode,
} from './plumbing/errors.ts';
