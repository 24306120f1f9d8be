// Between the grader and a submission's isolate host (host.ts): one request a line on the host's
// stdin (after a token line and a preamble), one reply a line on fd 3, `<token> <json>`. Every run in
// the host is a fresh V8 isolate; what crosses is plain data, copied, and the grader checks it again.
import type { ExecRequest, WireOutcome } from '../children/executor/calls.ts';

/** What the in-isolate library reads before any student module loads (library.ts). */
export interface IsolateInput {
  /** The program's file, as `process.argv[1]` names it under /submission. */
  entry: string;
  argv: string[];
  stdin: string;
  /** The run's case files by plain name, read-only (fs.readFileSync). */
  files: Record<string, string>;
  outputBytes: number;
  /** Whether each file's first use of chance is told. */
  tellChance: boolean;
  nodeVersion: string;
}

/** HostPreamble.isolatedVm on a machine without it: the host's runs are `node:vm` contexts (vm-engine.ts). */
export const VM_ENGINE = 'node:vm';

export interface HostPreamble {
  /** isolated-vm's entry, as the grader resolved it (the host's only native module). */
  isolatedVm: string;
  /** The in-isolate library, bundled as a script. */
  library: string;
  /** The executor's core, bundled as a script that defines `__pitbossExecutor`. */
  executor: string;
  /** The library's parts (IsolateInput.parts), bundled as scripts. */
  parts: { buffer: string; util: string; assert: string };
  /** The students'-tests runner, bundled as a script that defines `__pitbossTests`. */
  tests: string;
  /** The two sides of a linked run's bridge, bundled as scripts (bridge-reference.ts, bridge-student.ts). */
  bridgeReference: string;
  bridgeStudent: string;
}

export interface RunLimits {
  heapMb: number;
  outputBytes: number;
  /** Processor time on the isolate's own clock. */
  cpuMs: number;
  /** Wall time, for code that waits (Atomics.wait) rather than computes. */
  wallMs: number;
}

/** A student's program run: the stage's modules, `entry` first, with its argv, stdin and case files. */
export interface ProgramRequest {
  id: number;
  kind: 'program';
  /** The stage: the modules (`*.mjs`) and case files the run sees. */
  dir: string;
  entry: string;
  argv: string[];
  stdin: string;
  limits: RunLimits;
  /** A linked run: the stage's modules (`deck.mjs`) that are the course's, run apart from the student's. */
  apart?: string[];
  /** The provided modules, in both isolates (their classes name the errors the course's files throw). */
  provided?: string[];
}

/** Executor calls (unit tests) on the stage's modules. */
export interface ExecHostRequest {
  id: number;
  kind: 'exec';
  dir: string;
  provided: string[];
  request: ExecRequest;
  limits: RunLimits;
}

/**
 * An exec request as it travels: this line without the scripts, then a line of the scripts' JSON text,
 * which the host hands to the executor as it came (a unit test's scripts are a megabyte: read into
 * objects and written out again in the host, they cost more than the rest of its part in the run).
 * `modules`: the modules the host loads (modulesOfExec), which it would otherwise read from the scripts.
 */
export type ExecHostHeader = Omit<ExecHostRequest, 'request'> & { modules: string[] };

/** A request as the host reads it: an exec request's scripts follow on a line of their own. */
export type HostWireRequest = ProgramRequest | ExecHostHeader | TestsRequest;

/** An exec request in the host: its header, and its scripts' JSON text, unread. */
export type ExecHostRun = ExecHostHeader & { scriptsText: string };

/** The lines an exec request is written as (ExecHostHeader); `scriptsText` is JSON.stringify of its scripts. */
export function execLines(request: ExecHostRequest, scriptsText: string): string {
  const { request: exec, ...rest } = request;
  const header: ExecHostHeader = { ...rest, modules: modulesOfExec(request) };
  return `${JSON.stringify(header)}\n${scriptsText}\n`;
}

/** Students' test files, one after another in one isolate, against one variant's modules. */
export interface TestsRequest {
  id: number;
  kind: 'tests';
  /** Module name (`deck`) -> compiled JavaScript: the variant's modules and the provided ones. */
  modules: Record<string, string>;
  /** The compiled test files, in the order they run. */
  tests: string[];
  /** `cpuMs` is each file's. */
  limits: RunLimits;
}

export type HostRequest = ProgramRequest | ExecHostRequest | TestsRequest;

/**
 * The modules an exec request loads, in the host's order: the provided files, then each one a step
 * names. The host loads these (host-exec.ts, runExec) and a kept run's key holds them (client.ts), so the
 * key cannot drift from what a run reads.
 */
export function modulesOfExec(request: Pick<ExecHostRequest, 'provided' | 'request'>): string[] {
  const files = [...request.provided];
  for (const script of request.request.scripts)
    for (const step of script)
      if ((step.op === 'new' || step.op === 'fn') && !files.includes(step.file)) files.push(step.file);
  return files;
}

/** A module's compiled name on the stage: `player.ts` is `player.mjs`. */
export const compiledName = (file: string): string => `${file.replace(/\.ts$/, '')}.mjs`;

/** Which limit the host itself stopped a run at. */
export type HostLimit = 'cpu' | 'time' | 'memory' | 'output';

/**
 * Which isolate a run's counted attempt had: `fresh`, made for it; `warm`, the submission's, used by
 * earlier runs; `again`, made for it after it reached a limit in the warm one (host-attempts.ts, `runFresh`).
 */
export type IsolateUse = 'fresh' | 'warm' | 'again';

export interface ProgramReply {
  id: number;
  kind: 'program';
  /** The exit status the program gave (process.exit, exitCode, 1 for an uncaught error). */
  status: number;
  /** Its stdout, base64, at most the output limit and one byte. */
  stdout: string;
  stderr: string;
  records: string[];
  recordsCut?: boolean;
  chance: [string, string][];
  limit?: HostLimit;
  /** Processor time of the run's own code in its isolate (the library's making not counted), in ms. */
  cpuMs: number;
  isolate?: IsolateUse;
}

export interface ExecHostReply {
  id: number;
  kind: 'exec';
  results: WireOutcome[][];
  chance: [string, string][];
  limit?: HostLimit;
  /** The executor broke on what the student's code did to its realm: in words. */
  broke?: string;
  /** Where the executor last said it was (its word only: for a message). */
  at?: { script: number; step: number };
  cpuMs: number;
  isolate?: IsolateUse;
}

/** One test file's end: its answer line's JSON (the process path's), or how the run ended there. */
export type TestFileEnd =
  | { kind: 'reply'; json: string }
  | { kind: 'limit'; hit: HostLimit }
  /** Its tests still waited on something when nothing was left to run (the process would have ended). */
  | { kind: 'exit' }
  | { kind: 'not-run' };

export interface TestsReply {
  id: number;
  kind: 'tests';
  files: TestFileEnd[];
  cpuMs: number;
  isolate?: IsolateUse;
}

export type HostReply = ProgramReply | ExecHostReply | TestsReply;
