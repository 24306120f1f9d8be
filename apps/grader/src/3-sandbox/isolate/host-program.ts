// A program's run in the isolate host (host.ts), a transcript's: the program alone, or a linked run,
// the course's modules in a context of their own beside the student's, called through stand-ins.
import type * as IVM from 'isolated-vm';
import { type Attempt, runFresh, sharedLimit } from './host-attempts.ts';
import { isolateFor, type SubmissionIsolate } from './host-isolate.ts';
import { Run, readStage, Stopped, UNREAD, wordsOf } from './host-run.ts';
import { bridgeReferenceSource, bridgeStudentSource } from './host-setup.ts';
import type { HostLimit, IsolateInput, ProgramReply, ProgramRequest } from './protocol.ts';

/**
 * The reference's side of a linked run: its files (and the provided ones) in a context of their own in
 * the run's isolate, never in the student's context; for the student's context, the sources with each
 * of those files replaced by a stand-in module, and what makes the stand-ins there
 * (3-sandbox/isolate/bridge-student.ts). The stand-ins call the reference's side's bound helpers
 * directly (`__pitbossBridge.helpers`, held in their closure only): no host between them.
 */
async function referenceFor(
  request: ProgramRequest,
  modules: Map<string, string>,
  home: SubmissionIsolate,
): Promise<{
  run: Run;
  sources: Map<string, string>;
  standIns: (student: Run) => Promise<void>;
}> {
  const apart = request.apart ?? [];
  const provided = request.provided ?? [];
  const input: IsolateInput = {
    entry: 'reference.mjs',
    argv: [],
    stdin: '',
    files: {},
    outputBytes: request.limits.outputBytes,
    tellChance: false,
    nodeVersion: process.version,
  };
  // Unwatched: the student's run watches the isolate's clock and this shared signal for both.
  const run = new Run(request.limits, input, modules, { home, watched: false });
  run.cpuFrom = run.cpuMs();
  home.script(bridgeReferenceSource, 'pitboss:bridge-reference').runSync(run.context);
  const bridge = run.context.global.getSync('__pitbossBridge', { reference: true }) as IVM.Reference<
    Record<string, unknown>
  >;
  const method = (name: string) =>
    bridge.getSync(name, { reference: true }) as IVM.Reference<(...args: unknown[]) => string>;
  const loaded = method('loaded');
  const exportsOf = method('exports');
  const sources = new Map(modules);
  for (const file of [...provided, ...apart]) {
    if (!modules.has(file)) continue;
    const module = run.module(file);
    await run.guard(() => module.evaluate({ timeout: run.timeout() }));
    loaded.applySync(undefined, [file, module.namespace.derefInto(), provided.includes(file)]);
  }
  for (const file of apart) {
    if (!modules.has(file)) continue;
    const described = exportsOf.applySync(undefined, [file]) as string;
    const names = (JSON.parse(described) as { name: string }[]).map((each) => each.name);
    sources.set(
      file,
      [
        `const m = globalThis.__pitbossStandIns.module(${JSON.stringify(file)}, ${JSON.stringify(described)});`,
        ...names.map((name) =>
          name === 'default'
            ? 'export default m.default;'
            : `const e_${names.indexOf(name)} = m[${JSON.stringify(name)}]; export { e_${names.indexOf(name)} as ${JSON.stringify(name)} };`,
        ),
      ].join('\n'),
    );
  }
  const helpers = method('helpers');
  const standIns = async (student: Run) => {
    // The reference's side's helpers (bound functions: no source to read), taken into
    // bridge-student.ts's closure before any student code runs.
    student.context.global.setSync('__pitbossBridgeHelpers', helpers.derefInto());
    home.script(bridgeStudentSource, 'pitboss:bridge-student').runSync(student.context);
    const standIn = student.context.global.getSync('__pitbossStandIns', { reference: true }) as IVM.Reference<
      Record<string, unknown>
    >;
    const tell = standIn.getSync('provided', { reference: true }) as IVM.Reference<(ns: unknown) => void>;
    for (const file of provided) {
      if (!modules.has(file)) continue;
      const module = student.module(file);
      await student.guard(() => module.evaluate({ timeout: student.timeout() }));
      tell.applySync(undefined, [module.namespace.derefInto()]);
    }
  };
  return { run, sources, standIns };
}

/** A program's run: made again in a fresh isolate where its memory limit was reached in a used one. */
export const runProgram = (request: ProgramRequest): Promise<ProgramReply> =>
  runFresh(
    request.limits,
    (fresh, limits) => runProgramOnce({ ...request, limits }, fresh),
    (reply) => sharedLimit(reply.limit),
  );

async function runProgramOnce(request: ProgramRequest, fresh: boolean): Promise<Attempt<ProgramReply>> {
  const { modules, files } = readStage(request.dir);
  const input: IsolateInput = {
    entry: request.entry,
    argv: request.argv,
    stdin: request.stdin,
    files,
    outputBytes: request.limits.outputBytes,
    tellChance: true,
    nodeVersion: process.version,
  };
  const apart = request.apart ?? [];
  const home = isolateFor(request.limits.heapMb, fresh);
  const isolateFresh = !home.used;
  // A linked run: the course's files run in a context of their own, never in the student's.
  const reference = apart.length === 0 ? undefined : await referenceFor(request, modules, home);
  const run = new Run(request.limits, input, reference?.sources ?? modules, {
    home,
    signal: reference?.run.signal,
  });
  // What the run itself costs is counted from here: the library's making is the host's.
  const setUp = run.cpuMs();
  run.cpuFrom = setUp;
  let status = 0;
  let limit: HostLimit | undefined;
  let loadFailure: string | undefined;
  try {
    if (reference !== undefined) await reference.standIns(run);
    let entry: IVM.Module;
    try {
      entry = run.module(request.entry);
    } catch (error) {
      loadFailure = wordsOf(error);
      throw error;
    }
    try {
      await run.guard(async () => entry.evaluate({ timeout: run.timeout() }));
      await run.drain();
      run.pitboss.exit.applySync(undefined, [], { timeout: run.timeout() });
    } catch (error) {
      if (error instanceof Stopped) throw error;
      // Thrown from student code: process.exit ended it, or an uncaught error (status 1, its words).
      const ended = run.pitboss.ended.applySync(undefined, [], { result: { copy: true } }) as {
        exited: boolean;
      };
      if (!ended.exited)
        run.pitboss.crashed.applySync(undefined, [String(wordsOf(error))], { timeout: 1000 });
    }
    const ended = run.pitboss.ended.applySync(undefined, [], { result: { copy: true } }) as { code: number };
    status = ended.code;
  } catch (error) {
    if (error instanceof Stopped) limit = error.limit;
    else if (loadFailure === undefined) loadFailure = wordsOf(error);
    status = 1;
  }
  let out: ReturnType<Run['output']> = {
    stdout: Buffer.alloc(0),
    stderr: '',
    records: [],
    recordsCut: false,
  };
  let chance: [string, string][] = [];
  /** Why the run's results could not be read: then it has none, and failed. */
  let unread: string | undefined;
  // Read from an isolate the program had to itself: whatever throws here, the program broke (the
  // library reads through what it took before the program ran; this is where that would not do).
  if (run.stopped === undefined) {
    try {
      out = run.output();
      chance = run.chance();
    } catch (error) {
      unread = wordsOf(error);
    }
  }
  const cpuMs = run.cpuMs() - setUp;
  // A linked run's calls are the recorders', which run in the reference's context: unforgeable here.
  if (reference !== undefined) {
    try {
      out.records = run.stopped === undefined ? reference.run.output().records : [];
    } catch (error) {
      // The reference's context, as the program's calls left it.
      unread ??= wordsOf(error);
    }
  }
  reference?.run.release();
  run.dispose();
  if (unread !== undefined) {
    limit ??= run.stopped;
    out = { stdout: Buffer.alloc(0), stderr: '', records: [], recordsCut: false };
    chance = [];
    status = 1;
    loadFailure ??= `${UNREAD}: ${unread.split('\n')[0]!.slice(0, 500)}`;
  }
  // Counted here again, in bytes: the library's count is the program's own word.
  const stdout = out.stdout;
  if (limit === undefined && stdout.length > request.limits.outputBytes) limit = 'output';
  return {
    fresh: isolateFresh,
    reply: {
      id: request.id,
      kind: 'program',
      status,
      stdout: stdout.subarray(0, request.limits.outputBytes + 1).toString('base64'),
      stderr: loadFailure !== undefined ? loadFailure.slice(-4096) : String(out.stderr).slice(-4096),
      records: out.records,
      ...(out.recordsCut === true ? { recordsCut: true } : {}),
      chance,
      ...(limit === undefined ? {} : { limit }),
      cpuMs,
    },
  };
}
