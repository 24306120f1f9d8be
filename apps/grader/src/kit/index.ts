export type { WireArg } from '../3-sandbox/children/executor/calls.ts';
export type {
  Assignment,
  CallsCheck,
  EventDifference,
  ExpectedCall,
  GameEvent,
  GameEvents,
  Limits,
  NativeLanguage,
  ProvidedFile,
  ReadAllowance,
  StdinRead,
  StudentFile,
  Teller,
  TranscriptCase,
  TranscriptSuite,
  WholeProgram,
  WholeProgramRun,
} from './assignment.ts';
export { tell, wholeProgramRun } from './assignment.ts';
export { CALL_LENGTH, RECORD_FD, recordCall } from './calls.ts';
export {
  type Coverage,
  countSituations,
  covers,
  drawsOf,
  type PropertyCoverage,
  type Situation,
  type SituationCount,
} from './coverage.ts';
export { cutText, isOpaque, MalformedReply, Opaque, type Outcome } from './decode.ts';
export {
  backtrackingLines,
  backtrackingOutput,
  LINE_MAX,
  type ReadingCost,
  readingCost,
} from './reading-cost.ts';
export {
  type Describe,
  matches,
  packRecording,
  RECORDING_FILE,
  type RecordedAssignment,
  type RecordedEdition,
  type RecordedTest,
  readRecording,
  recordedAssignment,
  recordTest,
  replayTest,
} from './recorded.ts';
export {
  type Arg,
  type CallOptions,
  data,
  type Judge,
  ref,
  Script,
  type Slot,
  type Thrown,
  view,
} from './script.ts';
export { STARTER_COMPILER_OPTIONS, STARTER_TSCONFIG } from './starter.ts';
export {
  checkProperty,
  type FailureStatus,
  fail,
  judge,
  LoadFailure,
  localExec,
  type Problem,
  runScripts,
  show,
  type TestContext,
  TestFailure,
  threw,
  type UnitTest,
} from './unit-test.ts';
