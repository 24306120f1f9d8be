// Runs student test files (written with node:test and node:assert) against the one variant it is
// sent, one file after another, answers once per file as each ends, then exits. Every variant is a
// fresh process, so nothing a test leaves behind (globals, process.env, patched built-ins, module
// state) reaches another variant. Each file gets fresh instances of the variant's modules, but the
// realm is shared by the files of one run: what one file leaves in globalThis or a built-in, the next
// file sees. That is the same in every variant (the grader runs the same files in the same order on
// the reference, every wheat and every mutant, and decides which tests count from runs of exactly
// that list), so a test that depends on it behaves alike on all of them and gains nothing.
//
// Every variant must look the same to a test except for what its code does. So the variant's modules
// and the test files come on stdin, never as files a test could read; every module has the same URL
// in every variant; a function's source text and stack traces (which hold source positions) are not
// shown; a test may import only node:test, node:assert and node:util; `process` and `performance` are
// stand-ins whose readings (uid, pid, folder, memory, CPU time, clocks) are the same in every run; and
// randomness is seeded. What is left (real time racing timers) makes a test flaky, which the grader
// catches by running again.
//
// What the answer is made with is captured here, before any student module loads, and never looked
// up again: the writer, the loader's functions, the string primitives of the hand-made serializer.
// The test's own code runs in this realm and may patch any built-in; the same patch then acts on every
// variant alike, and the grader checks the answer's shape itself.
import fs from 'node:fs';
import vm from 'node:vm';
import { installChance } from '../chance.ts';
import {
  type RunInput,
  STUDENT_REPLY_FD,
  TEST_IMPORTS,
  TEST_IMPORTS_WORDS,
  VARIANT_URL,
} from './protocol.ts';
import {
  describeError,
  makeTestApi,
  maskSources,
  type Outcome,
  runRegistered,
  serialize,
} from './runner-core.ts';

// --- Captured before any student code runs -----------------------------------------------------
const writeSync = fs.writeSync;
const readFileSync = fs.readFileSync;
const parseJson = JSON.parse;
const apply = Reflect.apply;
const defineProperty = Object.defineProperty;
const endsWith = String.prototype.endsWith;
const call = Function.prototype.call;
const sliceString = call.bind(String.prototype.slice) as (s: string, from: number, to?: number) => string;
const startsWith = String.prototype.startsWith;
// Exits without running a test's 'exit' listeners.
const exit = (process as unknown as { reallyExit: (code: number) => never }).reallyExit.bind(process);
const SourceTextModule = vm.SourceTextModule;
const SyntheticModule = vm.SyntheticModule;

// --- The run's input: `<token>\n<json>` on stdin, read whole before any student code -------------
const input = String(readFileSync(0, 'utf8'));
const newline = input.indexOf('\n');
const token = input.slice(0, newline);
const received = parseJson(input.slice(newline + 1)) as RunInput;
/** Module name -> source, on an object with no prototype: no lookup a test can patch takes part. */
const variant: Record<string, string> = Object.create(null);
for (const name of Object.keys(received.modules)) variant[name] = received.modules[name]!;
const testSources: string[] = [...received.tests];

// --- Deterministic randomness and clocks (same for every variant) -------------------------------
// Math.random, Date, performance, process.hrtime and crypto, as in the executor (chance.ts), never
// restarted: a file draws on from where the one before it stopped, alike in every variant.
const chance = installChance();
const hrtime = process.hrtime;

// --- What a test can read of its process: the same in every run -------------------------------
// A test that could tell one run from another by its process (a uid, a pid, a folder, memory or CPU
// readings) could fail at random and "expose" mutants by luck; one that could read a function's source
// or a stack trace could recognise a mutant by its text. Neither is reachable.
const realProcess = process;
const realStdout = process.stdout;
const realStderr = process.stderr;
const realExit = process.exit;
const nextTick = process.nextTick;
const ignore = () => standIn;
const usage = () => ({
  rss: 50_000_000,
  heapTotal: 20_000_000,
  heapUsed: 10_000_000,
  external: 1_000_000,
  arrayBuffers: 100_000,
});
const standIn: Record<string, unknown> = {
  argv: ['/usr/bin/node', `${VARIANT_URL.slice('file://'.length)}test.mjs`],
  argv0: 'node',
  execArgv: [],
  execPath: '/usr/bin/node',
  env: {},
  platform: realProcess.platform,
  arch: realProcess.arch,
  version: realProcess.version,
  versions: { ...realProcess.versions },
  release: { ...realProcess.release },
  title: 'node',
  pid: 2,
  ppid: 1,
  exitCode: undefined,
  cwd: () => VARIANT_URL.slice('file://'.length, -1),
  umask: () => 0o022,
  getuid: () => 1000,
  geteuid: () => 1000,
  getgid: () => 1000,
  getegid: () => 1000,
  getgroups: () => [],
  hrtime,
  uptime: () => chance.elapsed() / 1000,
  memoryUsage: Object.assign(usage, { rss: () => 50_000_000 }),
  cpuUsage: () => ({ user: chance.elapsed() * 1000, system: 0 }),
  resourceUsage: () => ({ userCPUTime: chance.elapsed() * 1000, systemCPUTime: 0, maxRSS: 50_000 }),
  nextTick: (...args: unknown[]) => apply(nextTick, realProcess, args),
  exit: (code?: number) => apply(realExit, realProcess, [code]),
  emitWarning: () => {},
  on: ignore,
  once: ignore,
  off: ignore,
  addListener: ignore,
  removeListener: ignore,
  removeAllListeners: ignore,
  prependListener: ignore,
  emit: () => false,
  listeners: () => [],
  listenerCount: () => 0,
  stdout: { isTTY: false, write: (...args: unknown[]) => apply(realStdout.write, realStdout, args) },
  stderr: { isTTY: false, write: (...args: unknown[]) => apply(realStderr.write, realStderr, args) },
};
defineProperty(globalThis, 'process', {
  value: standIn,
  writable: true,
  configurable: true,
  enumerable: false,
});
defineProperty(globalThis, 'performance', {
  value: {
    now: () => chance.elapsed(),
    timeOrigin: Date.UTC(2024, 0, 1),
    mark() {},
    measure() {},
    toJSON: () => ({}),
  },
  writable: true,
  configurable: true,
  enumerable: true,
});
maskSources();

/** The built-ins a test may import, each made once per process. */
const builtins: Record<string, Promise<vm.Module>> = Object.create(null);
const importable: readonly string[] = [...TEST_IMPORTS];
function builtinModule(specifier: string): Promise<vm.Module> {
  // Captured primitives only: a test that patched String or Array methods cannot widen the list.
  const name = apply(startsWith, specifier, ['node:']) ? sliceString(specifier, 5) : specifier;
  let allowed = false;
  for (let i = 0; i < importable.length; i++) if (importable[i] === name) allowed = true;
  if (!allowed || name === 'test')
    return Promise.reject(
      new Error(`cannot import '${specifier}': a test may import only ${TEST_IMPORTS_WORDS}`),
    );
  builtins[name] ??= import(`node:${name}`).then((namespace: Record<string, unknown>) => {
    const names = Object.keys(namespace);
    return new SyntheticModule(names, function (this: vm.SyntheticModule) {
      for (const exported of names) this.setExport(exported, namespace[exported]);
    });
  });
  return builtins[name];
}

/** Links and runs one test file of this run, against fresh instances of the variant's modules. */
async function runFile(index: number): Promise<{ outcomes: Outcome[]; n: number } | { error: string }> {
  const { api, registered } = makeTestApi();
  const testApi = new SyntheticModule(Object.keys(api), function (this: vm.SyntheticModule) {
    for (const [name, value] of Object.entries(api)) this.setExport(name, value);
  });
  const graph: Record<string, vm.SourceTextModule> = Object.create(null);
  const importModuleDynamically = async (specifier: string): Promise<vm.Module> => {
    const module = await link(specifier);
    if (module.status === 'unlinked') await module.link(link);
    if (module.status === 'linked') await module.evaluate();
    return module;
  };
  /** A module of this run by its URL: the same URL for the same name in every variant. */
  const load = (url: string, source: string): vm.SourceTextModule => {
    graph[url] ??= new SourceTextModule(source, {
      __proto__: null,
      identifier: url,
      initializeImportMeta(meta: ImportMeta) {
        meta.url = url;
      },
      importModuleDynamically: importModuleDynamically as never,
    } as vm.SourceTextModuleOptions);
    return graph[url];
  };
  const link = async (specifier: string): Promise<vm.Module> => {
    if (specifier === 'node:test' || specifier === 'test') return testApi;
    if (apply(startsWith, specifier, ['./'])) {
      // Only the variant's modules: never a test file.
      const file = sliceString(specifier, 2);
      const name = apply(endsWith, file, ['.mjs']) ? sliceString(file, 0, file.length - 4) : file;
      // A null-prototype record: only the variant's own names are found.
      const source = variant[name];
      if (source === undefined) throw new Error(`cannot find module '${specifier}'`);
      return load(`${VARIANT_URL}${name}.mjs`, source);
    }
    return builtinModule(specifier);
  };
  try {
    const module = load(`${VARIANT_URL}tests/${index}.mjs`, testSources[index]!);
    await module.link(link);
    await module.evaluate();
  } catch (error) {
    return { error: `loading the test file failed: ${describeError(error)}` };
  }
  const { registered: list, count } = registered();
  return runRegistered(list, count);
}

async function runAll(): Promise<void> {
  for (let i = 0; i < testSources.length; i++) {
    const result = await runFile(i);
    // A leading newline: whatever a test wrote on this fd before cannot join the answer's line.
    writeSync(STUDENT_REPLY_FD, `\n${token} ${serialize(i, result)}\n`);
  }
}
runAll().then(
  () => exit(0),
  () => exit(70),
);
