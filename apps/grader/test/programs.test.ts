// Transcript runs share one program harness child, each in a realm of its own: every run's outcome
// must be what a process of its own gives, whether the shared child vouched for it or not.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { describe, expect, it } from 'vitest';
import type { Limits } from '../src/kit/assignment.ts';
import { type ProgramOutcome, runProgram } from '../src/runner/process.ts';
import { type ProgramRun, runPrograms } from '../src/runner/programs.ts';
import { scratch } from './support.ts';

const limits: Limits = { testTimeoutMs: 4000, programTimeoutMs: 4000, heapMb: 128, outputBytes: 4096 };

/** Each program gets a stage of its own: `main.mjs`, beside a helper module. */
const PROGRAMS: Record<string, { shared: boolean; source: string }> = {
  'plain-console': {
    shared: true,
    source:
      "console.log('%s has %d cards, %i%%', 'deck', 52, 7.9);\nconsole.log(1, true, null, undefined, 10n, Symbol('s'), -0);\nconsole.log();\nconsole.info('%o %j', 'x', 3);\nconsole.error('to stderr');",
  },
  'plain-write': {
    shared: true,
    source:
      "process.stdout.write('args ' + process.argv.slice(2).join(',') + '\\n');\nprocess.stdout.write('');",
  },
  'split-surrogate': {
    shared: true,
    source: "process.stdout.write('\\uD83D');\nprocess.stdout.write('\\uDE00 \\uDC00\\n');",
  },
  'split-across-an-empty-write': {
    shared: true,
    source:
      "process.stdout.write('\\uD83D');\nprocess.stdout.write('');\nprocess.stdout.write('\\uDE00\\n');",
  },
  'lone-surrogates': {
    shared: true,
    source: "process.stdout.write('a\\uD800b\\n');\nconsole.log('\\uDC00', '\\uD83D\\uDE00');",
  },
  'sibling-imports': {
    shared: true,
    source:
      "import { twice } from './helper.mjs';\nconst later = await import('./helper.mjs');\nconsole.log(twice(21), later.twice(2));",
  },
  // A process's own Node code uses its built-ins (here, making stdout fails): changed ones go to a process.
  'vandal-then-print': {
    shared: false,
    source:
      "Array.prototype.push = () => { throw new Error('no'); };\nArray.prototype[Symbol.iterator] = function* () { yield 'forged'; };\nString.prototype.toString = () => 'forged';\nconsole.log('still', 'fine');\nprocess.stdout.write('written\\n');",
  },
  'adds-a-method': {
    shared: false,
    source:
      "Object.defineProperty(Array.prototype, 'sum', { value() { return 6; } });\nconsole.log([1, 2, 3].sum());",
  },
  'restores-what-it-changed': {
    shared: true,
    source:
      "const push = Array.prototype.push;\nArray.prototype.push = null;\nArray.prototype.push = push;\nconsole.log('as it was');",
  },
  'after-vandal': { shared: true, source: "console.log([1, 2].map(String).join('+'));" },
  'caught-error': {
    shared: true,
    source: "try { null.x; } catch (error) { console.log('caught', error.message); }",
  },
  'import-meta': { shared: false, source: 'console.log(import /* a */ . meta.url.endsWith("/main.mjs"));' },
  'stderr-after-vandal': {
    shared: false,
    source:
      "Array.prototype[Symbol.iterator] = function* () {};\nconsole.error('to stderr');\nconsole.log('x');",
  },
  'logs-an-object': { shared: false, source: 'console.log({ a: 1 }, [1, 2]);' },
  exits: { shared: false, source: "console.log('before');\nprocess.exit(3);" },
  'exit-code': { shared: false, source: "console.log('x');\nprocess.exitCode = 2;" },
  throws: { shared: false, source: "console.log('before');\nthrow new TypeError('boom');" },
  rejects: { shared: false, source: "console.log('before');\nPromise.reject(new Error('later'));" },
  'never-settles': { shared: false, source: 'await new Promise(() => {});' },
  'typeof-buffer': { shared: false, source: 'console.log(typeof Buffer, typeof setTimeout);' },
  'global-alias': { shared: false, source: 'console.log(global === globalThis);' },
  'stack-trace': { shared: false, source: 'console.log(String(new Error("x").stack).split("\\n")[0]);' },
  'error-swap': { shared: false, source: 'globalThis.Error = function () {};\nconsole.log("swapped");' },
  'unbound-write': { shared: false, source: "const { write } = process.stdout;\nwrite('x\\n');" },
  'two-arg-write': { shared: false, source: "process.stdout.write('x\\n', 'utf8');" },
  'process-pid': { shared: false, source: 'console.log(process.pid);' },
  'console-table': { shared: false, source: 'console.table([1]);' },
  'builtin-import': {
    shared: false,
    source: "import { readFileSync } from 'node:fs';\nconsole.log(typeof readFileSync);",
  },
  floods: { shared: false, source: "for (let i = 0; i < 1000; i++) console.log('0123456789');" },
  'near-the-limit': { shared: true, source: "for (let i = 0; i < 390; i++) console.log('012345678');" },
  'multibyte-over-the-limit': { shared: false, source: "console.log('\\u20ac'.repeat(1400));" },
  spins: { shared: false, source: "console.log('start');\nfor (;;);" },
};

function stage(root: string, name: string, source: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'main.mjs'), source);
  writeFileSync(join(dir, 'helper.mjs'), 'export const twice = (n) => 2 * n;\n');
  return dir;
}

/**
 * What a verdict reads: the limit that stopped a run (whether its process had exited by the time it
 * was killed is a race), or else how it ended and what it printed.
 */
const comparable = (outcome: ProgramOutcome) =>
  outcome.limit !== undefined
    ? { limit: outcome.limit }
    : { status: outcome.status, signal: outcome.signal, stdout: outcome.stdout.toString('base64') };

describe('runs of a program in the shared harness child', async () => {
  const root = scratch();
  chmodSync(root, 0o755);
  const runs: ProgramRun[] = Object.entries(PROGRAMS).map(([name, { source }]) => {
    const dir = stage(root, name, source);
    return { key: name, file: join(dir, 'main.mjs'), cwd: dir, args: ['100', '3', 'simple'] };
  });
  const outcomes = new Map<string, { outcome: ProgramOutcome; shared: boolean }>();
  await runPrograms(runs, {
    limits,
    limiter: pLimit(2),
    done: (key, outcome, shared) => outcomes.set(key, { outcome, shared }),
  });
  const alone = new Map(
    await Promise.all(
      runs.map(
        async (run) => [run.key, await runProgram(run.file, run.args, { cwd: run.cwd, limits })] as const,
      ),
    ),
  );

  it.each(Object.entries(PROGRAMS))('%s: the outcome of a process of its own', (name, { shared }) => {
    const got = outcomes.get(name)!;
    expect(comparable(got.outcome)).toEqual(comparable(alone.get(name)!));
    // Plain runs come from the shared child; anything else from a process, as before.
    expect(got.shared).toBe(shared);
  });

  it('ran the plain programs at all', () => {
    expect(alone.get('plain-console')!.stdout.toString('utf8')).toContain('deck has 52 cards, 7%');
    expect(alone.get('split-surrogate')!.stdout.toString('hex')).toBe('efbfbdefbfbd20efbfbd0a');
    expect(alone.get('split-across-an-empty-write')!.stdout.toString('hex')).toBe('efbfbdefbfbd0a');
    expect(alone.get('spins')!.limit).toBe('time');
    expect(alone.get('floods')!.limit).toBe('output');
  });
});
