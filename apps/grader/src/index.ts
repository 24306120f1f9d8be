export { assignmentNames, loadAssignment } from './assignments.ts';
export { type Io, runPitboss } from './cli/main.ts';
export { EXIT_FAILURES, EXIT_OK, EXIT_USAGE, PitbossError, type PitbossErrorCode } from './errors.ts';
export { formatReplay, type GradeOptions, gradeSubmission, type Replay, selectTests } from './grade.ts';
export { type Linking, type PlannedTest, planTests } from './plan.ts';
export { FORMATS, type Format, render } from './report/index.ts';
export type { Report, TestResult, TestStatus } from './report/model.ts';
