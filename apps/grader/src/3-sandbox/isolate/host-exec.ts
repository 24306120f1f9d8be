// A unit test's scripts in the isolate host (host.ts): the stage's modules loaded in a fresh context,
// then the executor (executor-entry.ts) runs the request's scripts (their JSON text, as it came) against them.
import type * as IVM from 'isolated-vm';
import { type Attempt, runFresh, sharedLimit } from './host-attempts.ts';
import { isolateFor } from './host-isolate.ts';
import { Run, readStage, Stopped, UNREAD, wordsOf } from './host-run.ts';
import { executorSource, ivm } from './host-setup.ts';
import {
  compiledName,
  type ExecHostReply,
  type ExecHostRun,
  type HostLimit,
  type IsolateInput,
} from './protocol.ts';

export const runExec = (request: ExecHostRun): Promise<ExecHostReply> =>
  runFresh(
    request.limits,
    (fresh, limits) => runExecOnce({ ...request, limits }, fresh),
    (reply) => sharedLimit(reply.limit),
  );

async function runExecOnce(request: ExecHostRun, fresh: boolean): Promise<Attempt<ExecHostReply>> {
  const { modules, files } = readStage(request.dir);
  const input: IsolateInput = {
    entry: 'executor.mjs',
    argv: [],
    stdin: '',
    files,
    outputBytes: request.limits.outputBytes,
    tellChance: true,
    nodeVersion: process.version,
  };
  const run = new Run(request.limits, input, modules, { home: isolateFor(request.limits.heapMb, fresh) });
  // What the run itself costs is counted from here: the library's making is the host's.
  const setUp = run.cpuMs();
  run.cpuFrom = setUp;
  let at: { script: number; step: number } | undefined;
  let limit: HostLimit | undefined;
  let broke: string | undefined;
  let text = '';
  const progress = new SharedArrayBuffer(12);
  try {
    run.home.script(executorSource, 'pitboss:executor').runSync(run.context);
    const executor = run.context.global.getSync('__pitbossExecutor', { reference: true }) as IVM.Reference<
      Record<string, unknown>
    >;
    const loaded = executor.getSync('loaded', { reference: true }) as IVM.Reference<
      (...args: unknown[]) => void
    >;
    const failed = executor.getSync('failed', { reference: true }) as IVM.Reference<
      (...args: unknown[]) => void
    >;
    for (const file of request.modules) {
      const name = compiledName(file);
      try {
        const module = run.module(name);
        await run.guard(() => module.evaluate({ timeout: run.timeout() }));
        loaded.applySync(undefined, [file, module.namespace.derefInto()]);
      } catch (error) {
        if (error instanceof Stopped) throw error;
        const name = error instanceof Error ? error.name : 'Error';
        const message = error instanceof Error ? error.message : String(error);
        failed.applySync(undefined, [file, name, message]);
      }
    }
    // `progress`: where the executor is, in memory the host shares, read even if a limit ends the isolate.
    const runScripts = executor.getSync('run', { reference: true }) as IVM.Reference<
      (...args: unknown[]) => Promise<string>
    >;
    text = (await run.guard(() =>
      runScripts.apply(
        undefined,
        [
          // The scripts' text as the grader wrote it: the executor reads it (executor-entry.ts).
          request.scriptsText,
          new ivm.ExternalCopy(request.provided).copyInto(),
          new ivm.ExternalCopy(progress).copyInto({ release: true }),
        ],
        {
          timeout: run.timeout(),
          result: { promise: true, copy: true },
        },
      ),
    )) as string;
  } catch (error) {
    if (error instanceof Stopped) limit = error.limit;
    // The executor broke in the student's realm (code that vandalised what it runs on): the student's,
    // as a process that died during the test is.
    else broke = wordsOf(error).split('\n')[0]!.slice(0, 500);
  }
  const where = new Int32Array(progress);
  if (where[0] === 1) at = { script: where[1]!, step: where[2]! };
  let chance: [string, string][] = [];
  let results: ExecHostReply['results'] = [];
  // Read after the run: a throw here is the test's realm broken by the student's code, as above.
  try {
    if (run.stopped === undefined) chance = run.chance();
    if (limit === undefined && broke === undefined)
      results = JSON.parse(String(text)) as ExecHostReply['results'];
  } catch (error) {
    if (limit === undefined) broke ??= `${UNREAD}: ${wordsOf(error).split('\n')[0]!.slice(0, 500)}`;
    chance = [];
    results = [];
  }
  const cpuMs = run.cpuMs() - setUp;
  run.dispose();
  return {
    fresh: run.fresh,
    reply: {
      id: request.id,
      kind: 'exec',
      ...(broke === undefined ? {} : { broke }),
      results: limit === undefined && broke === undefined ? results : [],
      chance,
      ...(limit === undefined ? {} : { limit }),
      ...(at === undefined ? {} : { at }),
      cpuMs,
    },
  };
}
