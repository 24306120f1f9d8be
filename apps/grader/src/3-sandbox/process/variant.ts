// Students' test files against one variant in one fresh sandboxed process: the process way of a
// students'-tests run (an isolate's is isolate/client.ts's `tests`).
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import type { Limits } from '../../kit/assignment.ts';
import {
  parseReply,
  REPLY_MAX_BYTES,
  type RunInput,
  STUDENT_REPLY_FD,
} from '../children/student-tests/protocol.ts';
import type { IsolateSandbox } from '../isolate/client.ts';
import { describeLimit, type LimitHit, limitFromExit } from '../limits.ts';
import type { FileOutcome, Modules } from '../test-files.ts';
import { killGroup, spawnStudent, watchMemory } from './process.ts';

/** The most wall time one variant's process gets, whatever the number of its files. */
export const VARIANT_MAX_MS = 5 * 60_000;

/** What one variant's run needs: the harness, the limits, each file's time, and where runs are made. */
export interface VariantRunOptions {
  harness: string;
  limits: Limits;
  /** Wall time for one test file on one variant (a run of several files gets the sum, capped). */
  runTimeoutMs: number;
  /** Where each run's folder is made (readable by the sandbox's uid). */
  workDir: string;
  /** The submission's isolate host: the variant's run a fresh isolate there, not a process. */
  sandbox?: IsolateSandbox | undefined;
}

/**
 * Test files (compiled sources, in order) against one variant, in one fresh sandboxed process, sent
 * both on stdin (no file of the variant exists for a test to read). Each file has its own time
 * (`runTimeoutMs`, from the end of the one before) and output allowance; the process as a whole the
 * sum of its files' times, capped. A file that breaks the process (a limit, or it ends without that
 * file's answer) is named by its place; the files after it did not run.
 */
export async function runVariant(
  modules: Modules,
  tests: readonly string[],
  options: VariantRunOptions,
): Promise<FileOutcome[]> {
  const { limits } = options;
  const totalMs = Math.min(options.runTimeoutMs * tests.length, VARIANT_MAX_MS);
  if (options.sandbox !== undefined)
    return options.sandbox.tests(modules, tests, { runTimeoutMs: options.runTimeoutMs, totalMs });
  const input: RunInput = { modules, tests: [...tests] };
  return new Promise<FileOutcome[]>((resolve) => {
    const token = randomBytes(16).toString('hex');
    // Zero-filled buffers: no Buffer a test allocates can hold what the process read before.
    const child = spawnStudent(
      ['--experimental-vm-modules', '--no-warnings', '--zero-fill-buffers', options.harness],
      {
        cwd: dirname(options.harness),
        readable: [options.harness],
        limits,
        cpuSeconds: Math.ceil(totalMs / 1000) + 1,
        extraFds: 1,
      },
    );
    const outcomes: FileOutcome[] = [];
    /** Set once the answers are all in, or the run is broken: later bytes are not read. */
    let done = false;
    let hit: { which: LimitHit; timeoutMs: number } | undefined;
    let broken = false;
    let stderr = '';
    const limit = (which: LimitHit, timeoutMs = options.runTimeoutMs) => {
      if (done) return;
      hit ??= { which, timeoutMs };
      done = true;
      killGroup(child);
    };
    // Each file's own time, from the end of the one before; the whole run's, as a backstop.
    let fileTimer = setTimeout(() => limit('time'), options.runTimeoutMs);
    const totalTimer = setTimeout(() => limit('time', totalMs), totalMs);
    const stopWatching = watchMemory(child, limits, () => {
      if (!done) hit ??= { which: 'memory', timeoutMs: options.runTimeoutMs };
      done = true;
    });
    let printed = 0;
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.length;
      if (printed > limits.outputBytes) limit('output');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4096);
    });
    // The answers: one line per file, with the token, in order; at most a reply's size per line and
    // the files' share in all. Anything else a test writes on the fd is dropped.
    let pending = Buffer.alloc(0);
    let received = 0;
    const breakRun = () => {
      if (done) return;
      broken = true;
      done = true;
      killGroup(child);
    };
    (child.stdio[STUDENT_REPLY_FD] as Readable | undefined)?.on('data', (chunk: Buffer) => {
      if (done) return;
      received += chunk.length;
      if (received > REPLY_MAX_BYTES * 2 * (tests.length + 1)) return breakRun();
      pending = Buffer.concat([pending, chunk]);
      for (let end = pending.indexOf(10); end >= 0 && !done; end = pending.indexOf(10)) {
        const line = pending.subarray(0, end).toString('utf8');
        pending = pending.subarray(end + 1);
        const reply = parseReply(line, token);
        if (reply === undefined) continue;
        if (reply.file !== outcomes.length) return breakRun();
        outcomes.push({ kind: 'reply', reply });
        printed = 0;
        clearTimeout(fileTimer);
        if (outcomes.length === tests.length) {
          done = true;
          killGroup(child);
        } else fileTimer = setTimeout(() => limit('time'), options.runTimeoutMs);
      }
      if (pending.length > REPLY_MAX_BYTES + 64) breakRun();
    });
    child.stdin?.on('error', () => {});
    child.stdin?.end(`${token}\n${JSON.stringify(input)}`);
    child.on('close', (status, signal) => {
      clearTimeout(fileTimer);
      clearTimeout(totalTimer);
      stopWatching();
      killGroup(child);
      if (outcomes.length < tests.length) {
        const which = hit?.which ?? (broken ? undefined : limitFromExit(signal, stderr, status));
        // The kernel's CPU limit is the whole run's; every other limit is this file's.
        const timeoutMs = which === 'cpu' ? totalMs : (hit?.timeoutMs ?? options.runTimeoutMs);
        outcomes.push(
          which === undefined
            ? { kind: 'exit' }
            : {
                kind: 'limit',
                hit: which,
                message: describeLimit(which, limits, timeoutMs),
              },
        );
        while (outcomes.length < tests.length) outcomes.push({ kind: 'not-run' });
      }
      resolve(outcomes);
    });
  });
}
