// The students' test files in the isolate host (host.ts), against one variant's modules: each file with
// a fresh node:test of its own (tests-entry.ts) and its own limits.
import type * as IVM from 'isolated-vm';
import { TEST_IMPORTS, TEST_IMPORTS_WORDS } from '../children/student-tests/protocol.ts';
import { type Attempt, runFresh, sharedLimit } from './host-attempts.ts';
import { isolateFor } from './host-isolate.ts';
import { Run, Stopped } from './host-run.ts';
import { testsSource } from './host-setup.ts';
import type { IsolateInput, TestFileEnd, TestsReply, TestsRequest } from './protocol.ts';

const TEST_API = ['test', 'it', 'describe', 'suite', 'beforeEach', 'afterEach', 'before', 'after', 'mock'];

/**
 * Test files one after another in one isolate (the files of one run share its realm, as they share a
 * process on the process path), each with fresh instances of the variant's modules and its own time.
 */
export const runTests = (request: TestsRequest): Promise<TestsReply> =>
  runFresh(
    request.limits,
    (fresh, limits, first) => runTestsOnce({ ...request, limits }, fresh, first?.filesCpuMs ?? []),
    (reply) => reply.files.some((file) => file.kind === 'limit' && sharedLimit(file.hit)),
  );

/** `spentMs`: what each file spent of its processor time in an earlier attempt of this run (runFresh). */
async function runTestsOnce(
  request: TestsRequest,
  fresh: boolean,
  spentMs: readonly number[],
): Promise<Attempt<TestsReply>> {
  const modules = new Map(Object.entries(request.modules).map(([name, source]) => [`${name}.mjs`, source]));
  const input: IsolateInput = {
    entry: 'test.mjs',
    argv: [],
    stdin: '',
    files: {},
    outputBytes: request.limits.outputBytes,
    tellChance: false,
    nodeVersion: process.version,
  };
  const run = new Run(request.limits, input, modules, { home: isolateFor(request.limits.heapMb, fresh) });
  // What the run itself costs is counted from here: the library's making is the host's.
  const setUp = run.cpuMs();
  run.cpuFrom = setUp;
  run.imports = { allowed: TEST_IMPORTS, words: TEST_IMPORTS_WORDS };
  const files: TestFileEnd[] = [];
  /** What each file spent of its processor time, this attempt: the file at `index` is the one running. */
  const filesCpuMs: number[] = [];
  let index = 0;
  let fileFrom = setUp;
  try {
    run.home.script(testsSource, 'pitboss:tests').runSync(run.context);
    const tests = run.context.global.getSync('__pitbossTests', { reference: true }) as IVM.Reference<
      Record<string, unknown>
    >;
    const method = (name: string) =>
      tests.getSync(name, { reference: true }) as IVM.Reference<(...args: unknown[]) => unknown>;
    const [loadFailed, start, answer] = ['loadFailed', 'start', 'answer'].map(method) as [
      IVM.Reference<(...args: unknown[]) => string>,
      IVM.Reference<(file: number) => void>,
      IVM.Reference<() => string | undefined>,
    ];
    for (; index < request.tests.length; index++) {
      fileFrom = run.cpuMs();
      // A file's limit covers its every attempt: this one has what an earlier one left.
      run.cpuFrom = fileFrom - (spentMs[index] ?? 0);
      run.wallFrom = performance.now();
      run.freshModules();
      // This file's node:test: a fresh registration API, made in the isolate.
      const api = run.isolate.compileModuleSync(
        [
          'const api = globalThis.__pitbossTests.begin();',
          'export default api.default;',
          ...TEST_API.map((name) => `export const ${name} = api[${JSON.stringify(name)}];`),
        ].join('\n'),
        { filename: 'node:test' },
      );
      api.instantiateSync(run.context, () => {
        throw new Error('no imports');
      });
      await run.guard(() => api.evaluate({ timeout: run.timeout() }));
      run.testModule = api;
      const name = `tests/${index}.mjs`;
      modules.set(name, request.tests[index]!);
      let loaded = true;
      try {
        const module = run.module(name);
        await run.guard(() => module.evaluate({ timeout: run.timeout() }));
      } catch (error) {
        if (error instanceof Stopped) throw error;
        loaded = false;
        const words = error instanceof Error ? [error.name, error.message] : ['Error', String(error)];
        files.push({ kind: 'reply', json: loadFailed.applySync(undefined, [index, ...words]) as string });
      }
      if (loaded) {
        // A test runs until its first wait inside this call: on the isolate's own thread, so that the
        // watch can stop it at its limits like any other run.
        await run.guard(() => start.apply(undefined, [index], { timeout: run.timeout() }));
        await run.drain();
        const json = await run.guard(async () => answer.applySync(undefined, [], { timeout: run.timeout() }));
        files.push(typeof json === 'string' ? { kind: 'reply', json } : { kind: 'exit' });
        if (typeof json !== 'string') break;
      }
      const printed = run.output(true).stdout.length;
      if (printed > request.limits.outputBytes) {
        files[files.length - 1] = { kind: 'limit', hit: 'output' };
        break;
      }
      modules.delete(name);
      filesCpuMs[index] = run.cpuMs() - fileFrom;
    }
  } catch (error) {
    if (index < request.tests.length) filesCpuMs[index] = run.cpuMs() - fileFrom;
    // What broke in the tests' realm is theirs: the file ends as a process that died would.
    files.push(error instanceof Stopped ? { kind: 'limit', hit: error.limit } : { kind: 'exit' });
  }
  const cpuMs = run.cpuMs() - setUp;
  run.dispose();
  while (files.length < request.tests.length) files.push({ kind: 'not-run' });
  return { fresh: run.fresh, reply: { id: request.id, kind: 'tests', files, cpuMs }, filesCpuMs };
}
