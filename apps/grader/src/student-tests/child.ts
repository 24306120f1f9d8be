// Runs students' tests (written with node:test and node:assert) against the reference and against
// mutants. Each run links a fresh module graph from compiled sources held in memory, so module state
// (a player singleton, a count) never leaks from one run into the next, and no process starts per run.
import { readFileSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import vm from 'node:vm';
import { REPLY_FD } from '../harness/protocol.ts';
import type { CaseResult, Manifest, TestRunReply, TestRunRequest } from './protocol.ts';

type Fn = (...args: unknown[]) => unknown;

interface Suite {
  name: string;
  parent: Suite | undefined;
  beforeEach: Fn[];
  afterEach: Fn[];
  before: Fn[];
  after: Fn[];
}
interface Registered {
  name: string;
  suite: Suite;
  fn: Fn | undefined;
  skip: boolean;
}

/** node:test's registration API, recording instead of running: the harness runs each test itself. */
function makeTestApi() {
  const root: Suite = { name: '', parent: undefined, beforeEach: [], afterEach: [], before: [], after: [] };
  const registered: Registered[] = [];
  let current = root;
  const parse = (args: unknown[]) => {
    const name =
      typeof args[0] === 'string'
        ? args[0]
        : (args.find((a): a is Fn => typeof a === 'function')?.name ?? '<anonymous>');
    const options = args.find((a) => typeof a === 'object' && a !== null) as
      | { skip?: unknown; todo?: unknown }
      | undefined;
    const fn = args.find((a): a is Fn => typeof a === 'function');
    return { name, fn, skip: Boolean(options?.skip) || Boolean(options?.todo) };
  };
  const test = (...args: unknown[]) => {
    const { name, fn, skip } = parse(args);
    registered.push({ name, suite: current, fn, skip });
  };
  const describe = (...args: unknown[]) => {
    const { name, fn, skip } = parse(args);
    const suite: Suite = { name, parent: current, beforeEach: [], afterEach: [], before: [], after: [] };
    if (skip || fn === undefined) return;
    current = suite;
    try {
      fn();
    } finally {
      current = suite.parent ?? root;
    }
  };
  const skipped = (...args: unknown[]) => registered.push({ ...parse(args), suite: current, skip: true });
  Object.assign(test, { skip: skipped, todo: skipped, only: test });
  Object.assign(describe, { skip: () => {}, todo: () => {}, only: describe });
  const hook = (kind: 'beforeEach' | 'afterEach' | 'before' | 'after') => (fn: Fn) => current[kind].push(fn);
  const api = {
    test,
    it: test,
    describe,
    suite: describe,
    beforeEach: hook('beforeEach'),
    afterEach: hook('afterEach'),
    before: hook('before'),
    after: hook('after'),
    mock: undefined,
  };
  return { api: { ...api, default: test }, registered };
}

const describeError = (error: unknown): string => {
  // One line: assertion messages span several, with blank lines between.
  if (error instanceof Error)
    return `${error.name}: ${error.message}`.replace(/\s*\n\s*/g, ' ').slice(0, 300);
  try {
    return `threw ${JSON.stringify(error)}`;
  } catch {
    return `threw ${String(error)}`;
  }
};

/** Calls a test or hook function, with node:test's `done` callback when it takes two arguments. */
function call(fn: Fn, context: unknown): Promise<unknown> {
  if (fn.length >= 2) {
    return new Promise((resolve, reject) => {
      fn(context, (error?: unknown) => (error ? reject(error) : resolve(undefined)));
    });
  }
  return Promise.resolve().then(() => fn(context));
}

const chain = (suite: Suite | undefined): Suite[] =>
  suite === undefined ? [] : [...chain(suite.parent), suite];

async function runRegistered(registered: readonly Registered[]): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  const started = new Set<Suite>();
  for (const entry of registered) {
    const suites = chain(entry.suite);
    const name = [...suites.map((suite) => suite.name).filter(Boolean), entry.name].join(' > ');
    if (entry.skip || entry.fn === undefined) {
      results.push({ name, status: 'skipped' });
      continue;
    }
    const context = { name: entry.name, diagnostic() {}, skip() {}, todo() {}, plan() {} };
    try {
      for (const suite of suites) {
        if (!started.has(suite)) {
          started.add(suite);
          for (const fn of suite.before) await call(fn, context);
        }
      }
      for (const suite of suites) for (const fn of suite.beforeEach) await call(fn, context);
      await call(entry.fn, context);
      for (const suite of [...suites].reverse()) for (const fn of suite.afterEach) await call(fn, context);
      results.push({ name, status: 'passed' });
    } catch (error) {
      results.push({ name, status: 'failed', message: describeError(error) });
    }
  }
  return results;
}

const builtins = new Map<string, Promise<vm.Module>>();
async function builtinModule(specifier: string): Promise<vm.Module> {
  let module = builtins.get(specifier);
  if (module === undefined) {
    module = import(specifier).then((namespace: Record<string, unknown>) => {
      const names = Object.keys(namespace);
      return new vm.SyntheticModule(names, function (this: vm.SyntheticModule) {
        for (const name of names) this.setExport(name, namespace[name]);
      });
    });
    builtins.set(specifier, module);
  }
  return module;
}

async function runOnce(manifest: Manifest, request: TestRunRequest): Promise<Omit<TestRunReply, 'token'>> {
  const { testFile, mutant } = request;
  const sources: Record<string, string> = { ...manifest.reference };
  if (mutant !== null) {
    const replaced = manifest.mutants[mutant];
    if (replaced === undefined) return { testFile, mutant, cases: [], error: `no mutant ${mutant}` };
    sources[replaced.module] = replaced.source;
  }
  const { api, registered } = makeTestApi();
  const testApi = new vm.SyntheticModule(Object.keys(api), function (this: vm.SyntheticModule) {
    for (const [name, value] of Object.entries(api)) this.setExport(name, value);
  });
  const graph = new Map<string, vm.SourceTextModule>();
  // `import()` inside a test or a module resolves like a static import, then runs the module.
  const importModuleDynamically = async (specifier: string): Promise<vm.Module> => {
    const module = await link(specifier);
    if (module.status === 'unlinked') await module.link(link);
    if (module.status === 'linked') await module.evaluate();
    return module;
  };
  const sibling = (name: string): vm.SourceTextModule => {
    let module = graph.get(name);
    if (module === undefined) {
      const source = sources[name];
      if (source === undefined) throw new Error(`cannot find module './${name}'`);
      module = new vm.SourceTextModule(source, {
        identifier: `${mutant ?? 'reference'}/${name}.mjs`,
        importModuleDynamically: importModuleDynamically as never,
      });
      graph.set(name, module);
    }
    return module;
  };
  const link = async (specifier: string): Promise<vm.Module> => {
    if (specifier === 'node:test' || specifier === 'test') return testApi;
    if (specifier.startsWith('./')) return sibling(specifier.slice(2).replace(/\.mjs$/, ''));
    return builtinModule(specifier);
  };
  const testSource = manifest.tests[testFile];
  if (testSource === undefined) return { testFile, mutant, cases: [], error: `no test file ${testFile}` };
  try {
    const module = new vm.SourceTextModule(testSource, {
      identifier: testFile,
      importModuleDynamically: importModuleDynamically as never,
    });
    await module.link(link);
    await module.evaluate();
  } catch (error) {
    return { testFile, mutant, cases: [], error: `loading ${testFile} failed: ${describeError(error)}` };
  }
  return { testFile, mutant, cases: await runRegistered(registered) };
}

let token: string | undefined;
let manifest: Manifest | undefined;
let queue = Promise.resolve();
createInterface({ input: process.stdin }).on('line', (line) => {
  if (token === undefined) {
    token = line;
    return;
  }
  if (manifest === undefined) {
    manifest = JSON.parse(readFileSync(line, 'utf8')) as Manifest;
    return;
  }
  const request = JSON.parse(line) as TestRunRequest;
  queue = queue.then(async () => {
    const reply = await runOnce(manifest!, request);
    writeSync(REPLY_FD, `${JSON.stringify({ token, ...reply })}\n`);
  });
});
