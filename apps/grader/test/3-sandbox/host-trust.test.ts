// Nothing a run touched decides how it is read, and one run costs the same however it is answered: a
// program that breaks the built-ins after its last line is scored as its output says, not as a failure
// of the machinery; a check again (its runs kept) fits in the budget what a grade fits; a run made
// again after its memory limit has one processor limit for both attempts.
import { randomUUID } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { IsolateSandbox, leftAfter } from '../../src/3-sandbox/isolate/client.ts';
import { runFresh } from '../../src/3-sandbox/isolate/host-attempts.ts';
import type { HostLimit, ProgramReply, RunLimits, TestsReply } from '../../src/3-sandbox/isolate/protocol.ts';
import { isolatesReady } from '../../src/3-sandbox/isolate/support.ts';
import type { ProgramOutcome } from '../../src/3-sandbox/process/process.ts';
import type { Limits } from '../../src/kit/assignment.ts';
import { type Timings, timings } from '../../src/plumbing/timings.ts';
import { json, pitboss, REPO_ROOT, scratch } from '../support.ts';

const FIXTURES = join(REPO_ROOT, 'fixtures/submissions/classic');
const VANDAL = join(FIXTURES, 'hostile-vandal-after-last-line');
const CORRECT = join(FIXTURES, 'correct-functional');

/** Each test's verdict and points, by id. */
const verdicts = (report: Report) =>
  Object.fromEntries(report.tests.map((test) => [test.id, [test.status, test.score]]));

describe.runIf(isolatesReady())('results read after the run', () => {
  it('the fixture is correct-functional with lines after its last one', () => {
    const vandal = readFileSync(join(VANDAL, 'blackjack.ts'), 'utf8');
    const correct = readFileSync(join(CORRECT, 'blackjack.ts'), 'utf8');
    expect(vandal.startsWith(correct)).toBe(true);
    expect(vandal.slice(correct.length)).toMatch(/Array\.prototype,\n\s+String\.prototype,/);
    for (const file of ['deck.ts', 'hand.ts', 'player.ts'])
      expect(readFileSync(join(VANDAL, file), 'utf8')).toBe(readFileSync(join(CORRECT, file), 'utf8'));
  });

  it('a program that breaks every built-in after its last line scores what it scores without those lines, never exit 3', {
    timeout: 300_000,
  }, () => {
    const run = pitboss(['grade', VANDAL, CORRECT, '--format', 'json', '--jobs', '2']);
    expect(run.stderr.split('\n').filter((line) => !/^\[\d\/2\] [\w-]+ \d+\/\d+$/.test(line))).toEqual(['']);
    expect(run.status).toBe(1);
    const [vandal, correct] = JSON.parse(run.stdout) as Report[];
    expect(vandal!.submission.name).toBe('hostile-vandal-after-last-line');
    expect(vandal!.score).toBe(correct!.score);
    expect(vandal!.parts).toEqual(correct!.parts);
    expect(verdicts(vandal!)).toEqual(verdicts(correct!));
    // Its games in both linkings: each run printed the whole game and ended by itself.
    const games = vandal!.tests.filter((test) => test.id.startsWith('transcript.'));
    expect(games.length).toBeGreaterThan(20);
    for (const test of games) expect(test.status, test.id).toBe('passed');
  });

  it('the student tool scores it too', { timeout: 300_000 }, () => {
    const run = pitboss(['check', VANDAL, '--only', 'transcript.course', '--format', 'json']);
    expect(run.stderr).toBe('');
    const report = json<Report>(run);
    expect(report.tests.length).toBe(12);
    for (const test of report.tests) expect(test.status, test.id).toBe('passed');
  });
});

describe.runIf(isolatesReady())('a check again and a grade fit the same in the budget', () => {
  // A budget is wall time, which the machine's load moves: a run of it may be tried again (a check
  // that keeps what it charged fails every try).
  it('a slow submission checked three times, unchanged, and graded once: the budget runs out at the same case each time', {
    timeout: 600_000,
    retry: 2,
  }, () => {
    // The fixture's work is fixed, the machine's speed is not: its runs measured first, by a check of
    // another copy (a check starts no canary beside them). One place, so the runs go in the plan's
    // order: parts of 1, 1, 2, none for the other three cases, then the first case's repeat (1). Each
    // copy's driver is made its own (a comment), so that no run is kept from another copy or try.
    const copy = (name: string) => {
      const dir = join(scratch(), name);
      cpSync(join(FIXTURES, 'slow-driver'), dir, { recursive: true });
      appendFileSync(join(dir, 'blackjack.ts'), `// ${name} ${randomUUID()}\n`);
      return dir;
    };
    const timings = join(scratch(), 'timings.json');
    const measured = copy('measured');
    const only = ['--only', 'transcript.course.own', '--jobs', '1', '--format', 'json'];
    pitboss(['check', measured, ...only], { PITBOSS_TIMINGS: timings });
    const busy = (JSON.parse(readFileSync(timings, 'utf8')) as Timings).busy.transcripts;
    // Three of five parts: the first two cases fit, the third (two parts, where about one is left) does
    // not. A kept run answered costs what it cost when it ran, so a check again stops at the third too.
    // To a tenth of a second (`--budget 2.4`): a whole second's rounding would eat the margin of a part.
    const budget = Math.max(0.5, Math.round((30 * busy) / 5) / 10);
    const part = busy / 5;
    const folder = copy('checked');
    const args = [...only, '--budget', String(budget)];
    const reports = [
      ...[1, 2, 3].map(() => json<Report>(pitboss(['check', folder, ...args]))),
      json<Report>(pitboss(['grade', folder, ...args])),
    ];
    const [first] = reports;
    const statuses = first!.tests.map((test) => test.status);
    // The budget did run out: some passed, the rest were stopped by it.
    expect(statuses[0], `${part} s a part`).toBe('passed');
    expect(statuses, `${part} s a part`).toContain('timeout');
    expect(first!.tests.find((test) => test.status === 'timeout')!.message).toMatch(
      new RegExp(`time budget of ${String(budget).replace('.', '\\.')} s`),
    );
    for (const report of reports) {
      expect(report.score).toBe(first!.score);
      expect(verdicts(report)).toEqual(verdicts(first!));
    }
  });
});

describe.runIf(isolatesReady())('a run made again after its memory limit', () => {
  // A run that reaches its memory limit in a used isolate (or host) is made again in a fresh one
  // (host-isolate.ts, runFresh; client.ts, leftAfter). The same processor time in each attempt, then
  // memory past the limit: the heap's, or WebAssembly memory outside it (the host ends at its limit).
  const burn =
    'let x = 0; for (let i = 0; i < 200_000_000; i++) x = (x * 31 + i) % 1_000_003; if (x < 0) console.log(x);';
  const heapBomb = `${burn}\nconst a = []; for (;;) a.push(new Array(1e5).fill(1));`;
  const outsideBomb = `${burn}\nconst m = new WebAssembly.Memory({ initial: 1, maximum: 65536 }); for (;;) { const at = m.grow(160) * 65536; new Uint8Array(m.buffer, at).fill(1); }`;
  const plain = "console.log('plain')";
  const isolates = () => ({ ...timings().isolates });
  type Run = (main: string, cpuLimitMs: number) => Promise<ProgramOutcome>;

  /**
   * A sandbox of one host, its isolates' heap `heapMb` (the host's own memory limit twice that: at 128
   * the isolate reaches its limit first, at 64 the host may reach its own first); `run` a program in it
   * with a processor limit.
   */
  const sandboxed = async (heapMb: number, work: (run: Run) => Promise<void>) => {
    const root = mkdtempSync(join(tmpdir(), 'pitboss-again-'));
    chmodSync(root, 0o711);
    const limits = {
      testTimeoutMs: 20_000,
      programTimeoutMs: 30_000,
      heapMb,
      outputBytes: 1 << 16,
    } as Limits;
    const sandbox = new IsolateSandbox({ workDir: root, workRoot: root, limits, size: 1 });
    let stages = 0;
    try {
      await work((main, cpuLimitMs) => {
        const dir = join(root, `stage-${stages++}`);
        mkdirSync(dir);
        writeFileSync(join(dir, 'main.mjs'), main);
        return sandbox.program({ dir, entry: 'main.mjs', argv: [], stdin: '', cpuLimitMs, wallMs: 30_000 });
      });
    } finally {
      sandbox.close();
      rmSync(root, { recursive: true, force: true });
    }
  };

  /**
   * The bomb under a limit one attempt fits in and two do not (half as much again as `measure`, an
   * attempt's processor time measured just before), after a plain run: made again, it stops at its
   * processor limit; before, the fresh attempt had the whole limit again and reached its memory limit.
   * Processor time varies under load, so that a try may not fit one attempt (stopped at its processor
   * limit, never made again) or fit two: of four tries, one must show it.
   */
  const oneLimitCovers = async (run: Run, bomb: string, measure: () => Promise<number>) => {
    const seen: string[] = [];
    for (let tries = 0; tries < 4; tries++) {
      const limit = Math.ceil(1.5 * (await measure()));
      await run(plain, 10_000);
      const before = isolates();
      const outcome = await run(bomb, limit);
      const again = isolates().again - before.again === 1;
      if (again && outcome.limit === 'cpu') return;
      seen.push(`${limit} ms: ${again ? 'made again' : 'once'}, ${outcome.limit}`);
    }
    expect.fail(`never stopped at its processor limit once made again: ${seen.join('; ')}`);
  };

  it('in a used isolate: the fresh attempt has what the first left of its processor time, and the run costs both', {
    timeout: 240_000,
    retry: 2,
  }, async () => {
    await sandboxed(128, async (run) => {
      // One attempt, in the isolate made for it (the one before ended at its limit): what it costs is
      // what it spent, not its limit. Made again after a plain run: both attempts. In turns.
      const once = async () => {
        const outcome = await run(heapBomb, 20_000);
        expect(outcome.limit).toBe('memory');
        expect(outcome.cpuMs!).toBeLessThan(10_000);
        return outcome.cpuMs!;
      };
      const ratios: number[] = [];
      for (let turn = 0; turn < 2; turn++) {
        const alone = await once();
        await run(plain, 10_000);
        const before = isolates();
        const twice = await run(heapBomb, 20_000);
        expect(isolates().again - before.again).toBe(1);
        expect(twice.limit).toBe('memory');
        ratios.push(twice.cpuMs! / alone);
      }
      expect(Math.max(...ratios)).toBeGreaterThan(1.5);
      await oneLimitCovers(run, heapBomb, once);
    });
  });

  it('in a host that ended at its memory limit: the run started again has what the first attempt left', {
    timeout: 240_000,
    retry: 2,
  }, async () => {
    await sandboxed(64, async (run) => {
      // With room for two attempts, the host ended under it is started again for it (counted again).
      await run(plain, 10_000);
      const before = isolates();
      const roomy = await run(outsideBomb, 20_000);
      expect(roomy.limit).toBe('memory');
      expect(roomy.cpuMs).toBeUndefined();
      expect(isolates().again - before.again).toBe(1);
      // An attempt's processor time: the work before the memory (its host cannot say after).
      await oneLimitCovers(run, outsideBomb, async () => (await run(burn, 20_000)).cpuMs!);
    });
  });

  it('made again in a fresh isolate, a run has what the first attempt left of its processor and wall time, and costs both', async () => {
    const limits: RunLimits = { heapMb: 64, outputBytes: 1024, cpuMs: 3000, wallMs: 10_000 };
    const reply = (cpuMs: number, limit: HostLimit): ProgramReply => ({
      id: 1,
      kind: 'program',
      status: 1,
      stdout: '',
      stderr: '',
      records: [],
      chance: [],
      limit,
      cpuMs,
    });
    const given: RunLimits[] = [];
    const made = (firstCpuMs: number, warm = true) =>
      runFresh(
        limits,
        async (fresh, limits) => {
          given.push(limits);
          return fresh
            ? { reply: reply(1500, 'cpu'), fresh: true }
            : { reply: reply(firstCpuMs, 'memory'), fresh: !warm };
        },
        (each) => each.limit === 'memory',
      );
    expect(await made(1200)).toMatchObject({ limit: 'cpu', cpuMs: 2700, isolate: 'again' });
    expect(given[1]!.cpuMs).toBe(1800);
    expect(given[1]!.wallMs).toBeLessThanOrEqual(10_000);
    expect(given[1]!.wallMs).toBeGreaterThan(9000);
    // Nothing left of its processor time, or a first attempt in a fresh isolate: its ending stands.
    given.length = 0;
    expect(await made(3000)).toMatchObject({ limit: 'memory', cpuMs: 3000, isolate: 'warm' });
    expect(await made(1200, false)).toMatchObject({ limit: 'memory', cpuMs: 1200, isolate: 'fresh' });
    expect(given).toHaveLength(2);
    // A students'-tests run: each file's limit is its own; the attempt is given what each file spent.
    const files: (readonly number[] | undefined)[] = [];
    const tests = await runFresh<TestsReply>(
      limits,
      async (fresh, limits, first) => {
        given.push(limits);
        files.push(first?.filesCpuMs);
        const hit: HostLimit = fresh ? 'cpu' : 'memory';
        return {
          reply: { id: 1, kind: 'tests', files: [{ kind: 'limit', hit }], cpuMs: fresh ? 900 : 2500 },
          fresh,
          filesCpuMs: fresh ? [900] : [100, 2400],
        };
      },
      (each) => each.files.some((file) => file.kind === 'limit' && file.hit === 'memory'),
    );
    expect(tests).toMatchObject({ cpuMs: 3400, isolate: 'again' });
    expect(given.at(-1)!.cpuMs).toBe(3000);
    expect(files).toEqual([undefined, [100, 2400]]);
  });

  it('what a host ended under leaves: its wall time less what the attempt took, and as much of its processor time', () => {
    const program = {
      kind: 'program' as const,
      dir: '/stage',
      entry: 'main.mjs',
      argv: [],
      stdin: '',
      limits: { heapMb: 64, outputBytes: 1024, cpuMs: 3000, wallMs: 10_000 },
    };
    expect(leftAfter(program, 1200, 10_000)).toEqual({
      request: { ...program, limits: { ...program.limits, cpuMs: 1800, wallMs: 8800 } },
      wallMs: 8800,
    });
    expect(leftAfter(program, 3000, 10_000)).toBeUndefined();
    // A students'-tests run's processor limit is each file's: only its wall time is taken from.
    const tests = {
      kind: 'tests' as const,
      modules: {},
      tests: ['', ''],
      limits: { heapMb: 64, outputBytes: 1024, cpuMs: 3000, wallMs: 3000 },
    };
    expect(leftAfter(tests, 1200, 20_000)).toEqual({ request: tests, wallMs: 18_800 });
    expect(leftAfter(tests, 19_000, 20_000)).toEqual({
      request: { ...tests, limits: { ...tests.limits, wallMs: 1000 } },
      wallMs: 1000,
    });
  });
});

describe.runIf(isolatesReady())('what the host reads after a run, run by run', () => {
  const limits = {
    testTimeoutMs: 20_000,
    programTimeoutMs: 30_000,
    heapMb: 64,
    outputBytes: 1 << 16,
  } as Limits;
  const program = async (main: string) => {
    const root = mkdtempSync(join(tmpdir(), 'pitboss-read-'));
    chmodSync(root, 0o711);
    const sandbox = new IsolateSandbox({ workDir: root, workRoot: root, limits, size: 1 });
    try {
      const dir = join(root, 'stage');
      mkdirSync(dir);
      writeFileSync(join(dir, 'main.mjs'), main);
      return await sandbox.program({
        dir,
        entry: 'main.mjs',
        argv: [],
        stdin: '',
        cpuLimitMs: 5000,
        wallMs: 30_000,
      });
    } finally {
      sandbox.close();
      rmSync(root, { recursive: true, force: true });
    }
  };
  const breakAll = [
    'const broken = () => { throw new Error("vandalised"); };',
    'const define = Object.defineProperty, keys = Reflect.ownKeys;',
    'const places = [Array.prototype, String.prototype, Object, JSON, Map.prototype, Set.prototype, Number, Math, Function.prototype];',
    'const all = []; for (const place of places) for (const key of keys(place)) all.push([place, key]);',
    'for (let i = 0; i < all.length; i++) { try { define(all[i][0], all[i][1], { __proto__: null, get: broken, set: broken, configurable: true }); } catch {} }',
    'const names = ["0", "length", "get", "set", "value"];',
    'for (let i = 0; i < 5; i++) define(Object.prototype, names[i], { __proto__: null, get: broken, set: broken, configurable: true });',
  ].join('\n');

  it('a run that breaks the built-ins after printing is read as it printed, its uses of chance and exit listeners too', async () => {
    const outcome = await program(
      [
        "process.on('exit', (code) => console.log('exit', code));",
        "setTimeout(() => console.log('timer'), 5);",
        "console.log('drew', Math.random() < 2);",
        breakAll,
      ].join('\n'),
    );
    expect(outcome.stdout.toString()).toBe('drew true\ntimer\nexit 0\n');
    expect(outcome.status).toBe(0);
    expect(outcome.chance).toEqual([{ call: 'Math.random', file: 'file:///submission/main.mjs' }]);
  });

  it('what throws while a run ends is the run failing (status 1), never the host', async () => {
    const outcome = await program(
      "console.log('a'); process.exitCode = { valueOf() { throw new Error('no number'); } };",
    );
    expect(outcome.infrastructure).toBeUndefined();
    expect(outcome.status).toBe(1);
    expect(outcome.stderr).toMatch(/no number/);
  });
});
