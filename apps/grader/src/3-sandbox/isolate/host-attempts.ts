// A run's attempts in the isolate host (host.ts): a run that reached its memory limit in an isolate an
// earlier run used (host-isolate.ts) is made again in a fresh one, and one limit covers both attempts.
import type { HostLimit, HostReply, RunLimits } from './protocol.ts';

/** A limit a run reached that an earlier run in its isolate could have brought nearer: its heap's. */
export const sharedLimit = (limit: HostLimit | undefined) => limit === 'memory';

/**
 * One attempt of a run: its reply, and whether its isolate was fresh. A students'-tests run's limit is
 * each test file's own, so it says what each file spent of its processor time (`filesCpuMs`, in order).
 */
export type Attempt<T> = { reply: T; fresh: boolean; filesCpuMs?: readonly number[] };

/**
 * A run made again in a fresh isolate when it reached its memory limit in an isolate an earlier run had
 * used (whose garbage shared the heap): only the fresh attempt's outcome counts. One limit covers both
 * attempts: the fresh one has what the first left of the run's wall time (the grader's deadline is for
 * the run) and of its processor time (a test file, of its own: `attempt` is given the first to read
 * `filesCpuMs` from), and the run costs both. With nothing left, the first attempt's outcome stands.
 */
export async function runFresh<T extends HostReply>(
  limits: RunLimits,
  attempt: (fresh: boolean, limits: RunLimits, first?: Attempt<T>) => Promise<Attempt<T>>,
  limited: (reply: T) => boolean,
): Promise<T> {
  const wallFrom = performance.now();
  const first = await attempt(false, limits);
  const left: RunLimits = {
    ...limits,
    wallMs: limits.wallMs - (performance.now() - wallFrom),
    cpuMs: first.filesCpuMs === undefined ? limits.cpuMs - first.reply.cpuMs : limits.cpuMs,
  };
  if (first.fresh || !limited(first.reply) || left.wallMs <= 0 || left.cpuMs <= 0)
    return { ...first.reply, isolate: first.fresh ? 'fresh' : 'warm' };
  const again = await attempt(true, left, first);
  return { ...again.reply, cpuMs: first.reply.cpuMs + again.reply.cpuMs, isolate: 'again' };
}
