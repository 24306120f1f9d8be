// Transcript runs: every run a fresh sandboxed process of its own. Its outcome must be what a process
// of its own gives, no run may see or change another, and nothing of the grader's reaches student code.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { type ProgramOutcome, runProgram } from '../../src/3-sandbox/process/process.ts';
import { type ProgramRun, runPrograms } from '../../src/3-sandbox/programs.ts';
import { runPitboss } from '../../src/commands/cli.ts';
import type { Limits } from '../../src/kit/assignment.ts';
import { REPO_ROOT, scratch } from '../support.ts';

// Wall time enough for the probes of reaches-for-the-host on a loaded machine (they take about a
// second alone, and over 4 s at a load of 10 on two cores); spins runs out of it.
const limits: Limits = { testTimeoutMs: 4000, programTimeoutMs: 12_000, heapMb: 128, outputBytes: 4096 };

/**
 * Calls `probe` at every depth of a recursion down to the edge of the stack, where host code a realm
 * calls into overflows: the objects it gives or throws there (the deepest 200; promises are handled,
 * and kept), for `foreign` to judge.
 */
const AT_EDGE = `const atEdge = (probe) => {
  const seen = [];
  const keep = (value) => {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return;
    if (value instanceof RangeError) return;
    if (typeof value.then === 'function') value.then(undefined, () => {});
    seen.push(value);
    if (seen.length > 200) seen.shift();
  };
  const dive = () => {
    try { keep(probe()); } catch (error) { keep(error); }
    dive();
  };
  try { dive(); } catch {}
  return seen;
};
const foreign = (value) => {
  try {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return undefined;
    const maker = typeof value === 'function' ? value.constructor : value.constructor.constructor;
    return typeof maker === 'function' && maker !== Function ? maker : undefined;
  } catch { return undefined; }
};
`;

/** Each program gets a stage of its own: `main.mjs`, beside a helper module. */
const PROGRAMS: Record<string, { source: string }> = {
  'plain-console': {
    source:
      "console.log('%s has %d cards, %i%%', 'deck', 52, 7.9);\nconsole.log(1, true, null, undefined, 10n, Symbol('s'), -0);\nconsole.log();\nconsole.info('%o %j', 'x', 3);\nconsole.error('to stderr');",
  },
  'plain-write': {
    source:
      "process.stdout.write('args ' + process.argv.slice(2).join(',') + '\\n');\nprocess.stdout.write('');",
  },
  'split-surrogate': {
    source: "process.stdout.write('\\uD83D');\nprocess.stdout.write('\\uDE00 \\uDC00\\n');",
  },
  'split-across-an-empty-write': {
    source:
      "process.stdout.write('\\uD83D');\nprocess.stdout.write('');\nprocess.stdout.write('\\uDE00\\n');",
  },
  'lone-surrogates': {
    source: "process.stdout.write('a\\uD800b\\n');\nconsole.log('\\uDC00', '\\uD83D\\uDE00');",
  },
  'sibling-imports': {
    source:
      "import { twice } from './helper.mjs';\nconst later = await import('./helper.mjs');\nconsole.log(twice(21), later.twice(2));",
  },
  // A process's own Node code uses its built-ins (here, making stdout fails): changed ones go to a process.
  'vandal-then-print': {
    source:
      "Array.prototype.push = () => { throw new Error('no'); };\nArray.prototype[Symbol.iterator] = function* () { yield 'forged'; };\nString.prototype.toString = () => 'forged';\nconsole.log('still', 'fine');\nprocess.stdout.write('written\\n');",
  },
  'adds-a-method': {
    source:
      "Object.defineProperty(Array.prototype, 'sum', { value() { return 6; } });\nconsole.log([1, 2, 3].sum());",
  },
  'restores-what-it-changed': {
    source:
      "const push = Array.prototype.push;\nArray.prototype.push = null;\nArray.prototype.push = push;\nconsole.log('as it was');",
  },
  'after-vandal': { source: "console.log([1, 2].map(String).join('+'));" },
  'caught-error': {
    source: "try { null.x; } catch (error) { console.log('caught', error.message); }",
  },
  'import-meta': { source: 'console.log(import /* a */ . meta.url.endsWith("/main.mjs"));' },
  'stderr-after-vandal': {
    source:
      "Array.prototype[Symbol.iterator] = function* () {};\nconsole.error('to stderr');\nconsole.log('x');",
  },
  'logs-an-object': { source: 'console.log({ a: 1 }, [1, 2]);' },
  exits: { source: "console.log('before');\nprocess.exit(3);" },
  'exit-code': { source: "console.log('x');\nprocess.exitCode = 2;" },
  throws: { source: "console.log('before');\nthrow new TypeError('boom');" },
  rejects: { source: "console.log('before');\nPromise.reject(new Error('later'));" },
  'never-settles': { source: 'await new Promise(() => {});' },
  'typeof-buffer': { source: 'console.log(typeof Buffer, typeof setTimeout);' },
  'global-alias': { source: 'console.log(global === globalThis);' },
  'stack-trace': { source: 'console.log(String(new Error("x").stack).split("\\n")[0]);' },
  'error-swap': { source: 'globalThis.Error = function () {};\nconsole.log("swapped");' },
  'unbound-write': { source: "const { write } = process.stdout;\nwrite('x\\n');" },
  'two-arg-write': { source: "process.stdout.write('x\\n', 'utf8');" },
  'process-pid': { source: 'console.log(process.pid);' },
  'console-table': { source: 'console.table([1]);' },
  'builtin-import': {
    source: "import { readFileSync } from 'node:fs';\nconsole.log(typeof readFileSync);",
  },
  floods: { source: "for (let i = 0; i < 1000; i++) console.log('0123456789');" },
  'near-the-limit': { source: "for (let i = 0; i < 390; i++) console.log('012345678');" },
  'multibyte-over-the-limit': { source: "console.log('\\u20ac'.repeat(1400));" },
  spins: { source: "console.log('start');\nfor (;;);" },
  // Every way a realm sharing the grader's process reached host objects: what the program is handed,
  // what printing throws at the edge of the stack, import() there, promises, stack frames, timers,
  // SharedArrayBuffer and Atomics. A process of its own has no other realm to reach.
  'reaches-for-the-host': {
    // It prints with writeSync: an overflow inside Node's own lazy set-up of process.stdout can leave
    // that stream writing nothing (the same in a process of its own, with or without the grader).
    source: `import { writeSync } from 'node:fs';
${AT_EDGE}
const values = [process.argv, console.log, console.error, process.stdout, process.stdout.write];
values.push(...atEdge(() => process.stdout.write('')));
values.push(...atEdge(() => console.error()));
values.push(...atEdge(() => import('./nowhere.mjs')));
values.push(...atEdge(() => import('./helper.mjs')));
values.push(...atEdge(() => new Error('deep').stack));
values.push(...atEdge(() => Promise.resolve().then(() => { throw new Error('later'); })));
Error.prepareStackTrace = (_, frames) => frames;
const frames = new Error('frames').stack;
delete Error.prepareStackTrace;
for (const frame of Array.isArray(frames) ? frames : []) values.push(frame, frame.getThis(), frame.getFunction());
values.push(setTimeout(() => {}, 0), queueMicrotask, new SharedArrayBuffer(8));
Atomics.add(new Int32Array(values.at(-1)), 0, 1);
const pending = values.filter((value) => typeof value?.then === 'function');
for (const result of await Promise.allSettled(pending)) values.push(result.reason ?? result.value);
writeSync(1, 'foreign realms reached: ' + values.filter((value) => foreign(value) !== undefined).length + '\\n');`,
  },
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

describe('runs of a program', async () => {
  const root = scratch();
  chmodSync(root, 0o755);
  const runs: ProgramRun[] = Object.entries(PROGRAMS).map(([name, { source }]) => {
    const dir = stage(root, name, source);
    return { key: name, file: join(dir, 'main.mjs'), cwd: dir, args: ['100', '3', 'simple'] };
  });
  const outcomes = new Map<string, ProgramOutcome>();
  await runPrograms(runs, { limits, limiter: pLimit(2), done: (key, outcome) => outcomes.set(key, outcome) });
  const alone = new Map(
    await Promise.all(
      runs.map(
        async (run) => [run.key, await runProgram(run.file, run.args, { cwd: run.cwd, limits })] as const,
      ),
    ),
  );

  it.each(Object.keys(PROGRAMS))('%s: the outcome of a process of its own', (name) => {
    expect(comparable(outcomes.get(name)!)).toEqual(comparable(alone.get(name)!));
  });

  it('ran the plain programs at all', () => {
    expect(alone.get('plain-console')!.stdout.toString('utf8')).toContain('deck has 52 cards, 7%');
    expect(alone.get('split-surrogate')!.stdout.toString('hex')).toBe('efbfbdefbfbd20efbfbd0a');
    expect(alone.get('split-across-an-empty-write')!.stdout.toString('hex')).toBe('efbfbdefbfbd0a');
    expect(alone.get('spins')!.limit).toBe('time');
    expect(alone.get('floods')!.limit).toBe('output');
    const host = outcomes.get('reaches-for-the-host')!;
    expect(
      host.stdout.toString('utf8'),
      `status ${host.status}, limit ${host.limit}: ${host.stderr.trim().split('\n').slice(-3).join(' | ')}`,
    ).toBe('foreign realms reached: 0\n');
  });
});

/** Stages `main.mjs` programs under one root; returns a run of each `name` in `order`. */
function stagedRuns(sources: Record<string, string>, order: readonly string[]): ProgramRun[] {
  const root = scratch();
  chmodSync(root, 0o755);
  const dirs = new Map(Object.entries(sources).map(([name, source]) => [name, stage(root, name, source)]));
  return order.map((name, i) => {
    const dir = dirs.get(name)!;
    return { key: `${i}:${name}`, file: join(dir, 'main.mjs'), cwd: dir, args: [] };
  });
}

async function outputs(runs: readonly ProgramRun[], jobs: number): Promise<string[]> {
  const got = new Map<string, string>();
  await runPrograms(runs, {
    limits,
    limiter: pLimit(jobs),
    done: (key, outcome) => got.set(key, `${outcome.status} ${outcome.stdout.toString('utf8').trim()}`),
  });
  return runs.map((run) => got.get(run.key)!);
}

describe('no run observes or alters another', () => {
  it('a run that escapes to the host realm (a stack overflow in host code) finds nothing there', async () => {
    // Counts its runs wherever state could outlive one: the host's global object when it reaches it.
    // It prints with writeSync: an overflow inside Node's own lazy set-up of process.stdout can leave
    // that stream writing nothing (about 1 run in 40 here, with or without the grader).
    const counts = `import { writeSync } from 'node:fs';
${AT_EDGE}
let host;
for (const value of atEdge(() => process.stdout.write(''))) host ??= foreign(value);
const place = host === undefined ? globalThis : host('return globalThis')();
place.pitbossRuns = (place.pitbossRuns ?? 0) + 1;
writeSync(1, 'host reached: ' + (host !== undefined) + ' runs seen: ' + place.pitbossRuns + '\\n');`;
    const runs = stagedRuns({ counts }, ['counts', 'counts', 'counts', 'counts']);
    for (const jobs of [1, 2]) {
      expect(await outputs(runs, jobs)).toEqual(Array(4).fill('0 host reached: false runs seen: 1'));
    }
  });

  it('what a run leaves in its globals, environment, built-ins or files is gone for the next', async () => {
    const leaves = `globalThis.pitbossMark = 'left';
process.env.PITBOSS_MARK = 'left';
Object.prototype.pitbossMark = 'left';
Array.prototype.join = function () { return 'forged'; };
try { (await import('node:fs')).writeFileSync('/tmp/pitboss-mark', 'left'); } catch {}
console.log('left its marks');`;
    const reads = `let file = 'none';
try { file = (await import('node:fs')).readFileSync('/tmp/pitboss-mark', 'utf8'); } catch {}
console.log(String(globalThis.pitbossMark), String(process.env.PITBOSS_MARK), String({}.pitbossMark), file, [1, 2].join('+'));`;
    const runs = stagedRuns({ leaves, reads }, ['leaves', 'reads', 'leaves', 'reads']);
    const clean = '0 undefined undefined undefined none 1+2';
    expect(await outputs(runs, 1)).toEqual(['0 left its marks', clean, '0 left its marks', clean]);
  });
});

const FIXTURES = join(REPO_ROOT, 'fixtures/submissions/classic');
/** Each attacks the runs of its transcripts, and prints the right transcript only when the attack works. */
const HOSTILE = ['stack-escape', 'next-run', 'carried-state', 'argv-print'].map(
  (name) => `hostile-realm-${name}`,
);
const CORRECT = ['correct-indexed', 'correct-functional'];

describe('hostile transcript programs graded in one batch with correct submissions', async () => {
  let stdout = '';
  const status = await runPitboss(
    [
      'grade',
      ...[...HOSTILE, ...CORRECT].map((name) => join(FIXTURES, name)),
      '--format',
      'json',
      '--jobs',
      '2',
      '--only',
      'transcript.course',
      'transcript.edge',
    ],
    {
      stdout: (text) => {
        stdout += text;
      },
      stderr: () => {},
      color: false,
    },
  );
  const reports = JSON.parse(stdout) as Report[];
  const transcripts = (name: string) =>
    reports
      .find((report) => report.submission.name === name)!
      .tests.filter((test) => test.id.startsWith('transcript.'));

  it('grades them all', () => {
    expect(status).toBe(1);
    expect(reports.map((report) => report.submission.name)).toEqual([...HOSTILE, ...CORRECT]);
  });

  it.each(HOSTILE)('%s earns no transcript point', (name) => {
    const tests = transcripts(name);
    expect(tests.length).toBeGreaterThan(20);
    expect(tests.filter((test) => test.status === 'passed').map((test) => test.id)).toEqual([]);
  });

  it.each(CORRECT)('%s, graded beside them, keeps every transcript point', (name) => {
    const tests = transcripts(name);
    expect(tests.length).toBeGreaterThan(20);
    expect(tests.filter((test) => test.status !== 'passed').map((test) => test.id)).toEqual([]);
  });
}, 300_000);

describe("a program's output", () => {
  it("never waits for the grader: printed line by line while the grader's own work holds its thread, the program ends on its own time", async () => {
    const root = scratch();
    chmodSync(root, 0o755);
    // A megabyte in 8-byte writes (a pipe holds 64 KiB); as it ends, once its output has all gone, it
    // says on stderr how long it ran.
    const dir = stage(
      root,
      'prints-line-by-line',
      `import { writeSync } from 'node:fs';\nprocess.on('exit', () => writeSync(2, 'ran ' + process.uptime() + ' s\\n'));\nfor (let i = 0; i < 131072; i++) process.stdout.write('1234567\\n');`,
    );
    const roomy = { ...limits, outputBytes: 1 << 21 };
    const running = runProgram(join(dir, 'main.mjs'), [], { cwd: dir, limits: roomy });
    // The grader busy for 6 s (an oracle, a diff, another run's bookkeeping) from just after the start.
    await new Promise((resolve) => setTimeout(resolve, 300));
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 6000);
    const outcome = await running;
    expect(outcome.stdout.toString('utf8').split('\n')).toHaveLength(131073);
    const ran = /ran ([\d.]+) s/.exec(outcome.stderr);
    expect(ran).not.toBeNull();
    // Had its stdout been a pipe to the grader, it could not have ended before the grader read again.
    expect(Number(ran![1])).toBeLessThan(5);
  });
});
