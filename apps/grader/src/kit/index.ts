export type {
  Assignment,
  Limits,
  ProvidedFile,
  StudentFile,
  TranscriptCase,
  TranscriptSuite,
} from './assignment.ts';
export {
  attempt,
  checkProperty,
  fail,
  LoadFailure,
  requireExport,
  show,
  type TestContext,
  TestFailure,
  threw,
  type UnitTest,
} from './unit-test.ts';
