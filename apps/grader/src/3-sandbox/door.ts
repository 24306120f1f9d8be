// The sandbox's one door: what the rest of the grader may ask of it. A phase hands it student code
// and limits and gets data back (outcomes, replies, staged folders, limits in words); how a run is
// made safe (processes, bubblewrap, isolates, the children's own code) stays behind this file. The
// kit (kit/), bundled into every assignment, reads the executor's wire format (children/executor/)
// directly instead, so that an assignment's bundle holds none of the sandbox.
export { forSandbox } from './bundles.ts';
export { studentChance, withChance } from './chance.ts';
export type { ExecReply, ExecRequest, WireOutcome, WireStep } from './children/executor/calls.ts';
export { type ExecutorOptions, makeExecutor } from './children/executor/executor-core.ts';
export {
  type CaseResult,
  type Manifest,
  parseReply,
  REPLY_MAX_BYTES,
  type RunInput,
  STUDENT_REPLY_FD,
  TEST_IMPORTS,
  TEST_IMPORTS_WORDS,
  type TestRunReply,
} from './children/student-tests/protocol.ts';
export { compileInMemory } from './compiler.ts';
export { type ExecWorker, ISOLATE_PROGRAMS, IsolateSandbox, realFolder } from './isolate/client.ts';
export { SpareHosts, type TakenHosts } from './isolate/spare-hosts.ts';
export { isolatesSupport } from './isolate/support.ts';
export {
  Budget,
  describeLimit,
  type LimitHit,
  limitFromExit,
  requestLimitMs,
  transcriptLimitMs,
} from './limits.ts';
export {
  budgetSpent,
  buildInBudget,
  CANARY_NAME,
  compileNativeShared,
  compilerVersion,
  compileSource,
  HARNESS_NAME,
  MAX_SOURCES,
  type NativeStaging,
  programName,
  runInSandbox,
  sourceTooLarge,
  stageNativeSubmission,
} from './native/build.ts';
export { encodeNativeRequest } from './native/calls.ts';
export { READY_VARIABLE } from './native/chance.ts';
export { describeProblem, linkProblem } from './native/diagnostics.ts';
export { buildKept } from './native/kept-build.ts';
export { stageWholeProgram } from './native/whole.ts';
export { sandboxSupport } from './process/layers.ts';
export {
  BEFORE_MAIN,
  killGroup,
  type ProgramOutcome,
  runProgram,
  spawnStudent,
  watchMemory,
} from './process/process.ts';
export { runVariant, VARIANT_MAX_MS, type VariantRunOptions } from './process/variant.ts';
export { ChildWorker, type Settled } from './process/worker.ts';
export { type ProgramRun, runPrograms } from './programs.ts';
export {
  atTheImport,
  compile,
  compileShared,
  firstProblem,
  programIn,
  type Staging,
  SUBMISSION_NAMESPACE,
  stageSubmission,
} from './stage.ts';
export type { FileOutcome, Modules } from './test-files.ts';
export { checkTypes } from './type-check.ts';
