// `pitboss check --watch`: a save re-runs the visible tests and tells only what changed; Ctrl-C ends it
// cleanly. The loop runs in this process on a copy of the correct submission; one test runs the CLI.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isolatesReady } from '../../src/3-sandbox/isolate/support.ts';
import { checkRun } from '../../src/commands/grading.ts';
import type { GradeFlags } from '../../src/commands/run-plan.ts';
import { changedBy, isSave, watchCheck, withRerun } from '../../src/commands/watch.ts';
import { timings } from '../../src/plumbing/timings.ts';
import { CORRECT, pitbossHere, REPO_ROOT, scratch } from '../support.ts';

const BIN = join(REPO_ROOT, 'apps/grader/bin/pitboss.mjs');
const FLAGS: GradeFlags = { format: 'human', jobs: 2, only: ['hand.'] };
const BUG = ['total + 10 <= 21', 'total + 10 < 21'] as const;

const copyOfCorrect = (): string => {
  const dir = join(scratch(), 'watched');
  cpSync(CORRECT, dir, { recursive: true });
  return dir;
};

/** Resolves once `ready()` holds, checking every 50 ms; fails after `ms`. */
async function until(ready: () => boolean, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** This process's work roots left in the temporary folder. */
const workRootsOf = (pid: number) =>
  readdirSync(tmpdir()).filter((name) => name.startsWith(`pitboss-${pid}-`));

/** `watchCheck` on `dir` in this process, its stdout and stderr kept; `stop` ends it. */
function watching(dir: string, onBusy?: (busy: boolean) => void, flags: GradeFlags = FLAGS) {
  let out = '';
  let err = '';
  const controller = new AbortController();
  const done = watchCheck(
    dir,
    flags,
    {
      stdout: (text) => {
        out += text;
      },
      stderr: (text) => {
        err += text;
      },
      color: false,
    },
    { signal: controller.signal, debounceMs: 100, ...(onBusy === undefined ? {} : { onBusy }) },
  );
  return {
    out: () => out,
    err: () => err,
    stop: () => {
      controller.abort();
      return done;
    },
  };
}

const segmentArb = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/);
const sourceArb = fc
  .tuple(fc.array(segmentArb, { maxLength: 3 }), segmentArb)
  .map(([folders, name]) => [...folders, `${name}.ts`]);

describe('which changes are saves', () => {
  it('any source file in plain folders is a save', () => {
    fc.assert(fc.property(sourceArb, (parts) => isSave(parts.join('/'))));
  });

  it('nothing under .pitboss, node_modules, .git or a hidden folder is a save, wherever it lies', () => {
    fc.assert(
      fc.property(
        sourceArb,
        fc.constantFrom('.pitboss', 'node_modules', '.git', '.idea'),
        fc.nat(),
        (parts, ignored, at) => {
          const folders = parts.slice(0, -1);
          folders.splice(at % (folders.length + 1), 0, ignored);
          return !isSave([...folders, parts.at(-1)].join('/'));
        },
      ),
    );
  });

  it("an editor's temporary or backup file is never a save", () => {
    for (const name of ['.hand.ts.swp', '4913', 'hand.ts~', '#hand.ts#', '.#hand.ts', 'hand.ts___jb_tmp___'])
      expect(isSave(name), name).toBe(false);
  });
});

describe('a save of a contract file reruns only the tests it can change', () => {
  it('merged into the run before, it is what a whole check gives: every test, the score, the parts and the types', async () => {
    const dir = join(scratch(), 'tested');
    cpSync(join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested'), dir, { recursive: true });
    const quiet = { stdout: () => {}, stderr: () => {}, color: false };
    const whole: GradeFlags = { format: 'human', jobs: 2 };
    const before = (await checkRun(dir, whole, quiet)).report!;
    const hand = join(dir, 'hand.ts');
    writeFileSync(hand, readFileSync(hand, 'utf8').replace('this.hard + 10 <= 21', 'this.hard + 10 < 21'));
    const only = changedBy(['hand.ts'], before)!;
    expect(only).toEqual(['deck.ts', 'hand.ts', 'player.ts', 'blackjack.ts', 'all files']);
    const part = (await checkRun(dir, { ...whole, only, typesToo: true }, quiet)).report!;
    // The students' tests (they run on the reference and the mutants) are not run again.
    expect(part.tests.some((test) => test.file === 'your tests')).toBe(false);
    expect(before.tests.some((test) => test.file === 'your tests')).toBe(true);
    const merged = withRerun(before, part, only)!;
    const after = (await checkRun(dir, whole, quiet)).report!;
    expect(merged.score).toBeLessThan(before.score);
    const shown = (report: typeof before) => ({
      score: report.score,
      maxScore: report.maxScore,
      parts: report.parts,
      tests: report.tests.map(({ id, status, score, message }) => ({ id, status, score, message })),
      typeCheck: report.typeCheck,
      loadErrors: report.loadErrors,
      studentTests: report.studentTests,
    });
    expect(shown(merged)).toEqual(shown(after));
    // A save of a test, a helper or anything but a contract file reruns everything.
    expect(changedBy(['tests/hand.ace-six-is-soft-17.test.ts'], before)).toBeUndefined();
    expect(changedBy(['hand.ts', 'helpers.ts'], before)).toBeUndefined();
  }, 300_000);
});

describe('check --watch, in this process', () => {
  it('tells a bug saved as newly failing with its evidence, the fix as fixed, an unchanged save as nothing changed, and ends cleanly', async () => {
    const dir = copyOfCorrect();
    const watch = watching(dir);
    await until(() => watch.out().includes('Watching'), 'the first run');
    // The first run is told in full, as `pitboss check` tells it.
    expect(watch.out()).toContain('Score 21/21');
    const told = () => watch.out().slice(watch.out().indexOf('Watching'));

    const hand = join(dir, 'hand.ts');
    const source = readFileSync(hand, 'utf8');
    writeFileSync(hand, source.replace(BUG[0], BUG[1]));
    await until(() => told().includes('Score 21/21 -> '), 'the run after the bug');
    const broken = told();
    expect(broken).toContain(' RERUN  hand.ts');
    expect(broken).toContain('Newly failing (');
    // Each newly failing test with its evidence, as the report gives it.
    expect(broken).toMatch(/FAIL +.+\[hand\.ts, 0\/3\]\n +new hand; .*handValue\(\) returned/);
    expect(broken).not.toContain('Fixed (');
    // Only the change: not the whole report again.
    expect(broken).not.toContain('visible tests only');
    const failing = [...broken.matchAll(/FAIL +(.+?) {2}\[hand\.ts, 0\/3\]/g)].map((match) => match[1]);
    expect(failing.length).toBeGreaterThan(0);

    writeFileSync(hand, source);
    await until(() => told().includes('Fixed ('), 'the run after the fix');
    await until(() => /Score \d+\/21 -> 21\/21/.test(told()), 'the fixed score');
    const fixed = told().slice(broken.length);
    expect(fixed).not.toContain('Newly failing');
    const passing = [...fixed.matchAll(/PASS +(.+?) {2}\[hand\.ts\]/g)].map((match) => match[1]);
    expect(passing.sort()).toEqual([...failing].sort());

    // A save that changes nothing the tests see; a temporary file alone runs nothing.
    writeFileSync(join(dir, '.hand.ts.swp'), 'scratch');
    writeFileSync(hand, `${source}\n`);
    await until(() => told().includes('nothing changed'), 'the unchanged run');
    expect(told()).toMatch(/ RERUN {2}hand\.ts\n {2}nothing changed: score 21\/21 \(\d+\.\d s\)\n$/);

    expect(await watch.stop()).toBe(0);
    expect(watch.err()).toBe('');
    expect(workRootsOf(process.pid)).toEqual([]);
  }, 180_000);

  it.runIf(isolatesReady())(
    "runs each save's tests in hosts started before the save (no process started for them), and leaves none behind",
    async () => {
      const dir = copyOfCorrect();
      const watch = watching(dir);
      await until(() => watch.out().includes('Watching'), 'the first run');
      const told = () => watch.out().slice(watch.out().indexOf('Watching'));
      const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
      const hand = join(dir, 'hand.ts');
      const source = readFileSync(hand, 'utf8');
      // Code no check has run before (runs of it kept from an earlier check would be answered, not run).
      const unseen = () => `\nexport const saved${process.pid}x${Date.now()} = 1;\n`;
      for (const [text, heard] of [
        [source.replace(BUG[0], BUG[1]) + unseen(), 'Score 21/21 -> '],
        [source + unseen(), 'Fixed ('],
      ] as const) {
        const before = timings();
        writeFileSync(hand, text);
        await until(() => told().includes(heard), `the run after a save (${heard})`);
        const after = timings();
        // Runs were made (hand.ts changed), and every one in a host that was already there.
        expect(total(after.isolateRuns)).toBeGreaterThan(total(before.isolateRuns));
        expect(total(after.processes)).toBe(total(before.processes));
      }
      expect(await watch.stop()).toBe(0);
      expect(watch.err()).toBe('');
      expect(workRootsOf(process.pid)).toEqual([]);
    },
    180_000,
  );

  it("tells the student's own test saved failing, though it moves no score, and again once it passes", async () => {
    const dir = join(scratch(), 'watched-tested');
    cpSync(join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested'), dir, { recursive: true });
    const watch = watching(dir, undefined, { format: 'human', jobs: 2 });
    await until(() => watch.out().includes('Watching'), 'the first run', 180_000);
    const told = () => watch.out().slice(watch.out().indexOf('Watching'));
    const test = join(dir, 'tests', 'hand.ace-king-is-soft-21.test.ts');
    const wrong = [
      "import assert from 'node:assert/strict';",
      "import { test } from 'node:test';",
      "import { Spot, Suit } from '../card';",
      "import { Hand } from '../hand';",
      "test('an Ace and a King make a soft 21', () => {",
      '  const hand = new Hand();',
      '  hand.addCard({ spot: Spot.ACE, suit: Suit.CLUBS });',
      '  hand.addCard({ spot: Spot.KING, suit: Suit.DIAMONDS });',
      '  assert.deepEqual(hand.handValue(), { count: 11, soft: true });',
      '});',
      '',
    ].join('\n');
    writeFileSync(test, wrong);
    await until(() => told().includes('Your tests, newly failing (1):'), 'the run after the test', 180_000);
    expect(told()).toMatch(
      /FAIL tests\/hand\.ace-king-is-soft-21\.test\.ts > an Ace and a King make a soft 21: /,
    );
    expect(told()).not.toContain('nothing changed');
    writeFileSync(test, wrong.replace('count: 11', 'count: 21'));
    await until(() => told().includes('Your tests, passing again (1):'), 'the run after the fix', 180_000);
    expect(await watch.stop()).toBe(0);
  }, 400_000);

  it('hears every safe save (a temporary file renamed over the real one, as vim, JetBrains and sed -i save), each run told as it starts and with its time', async () => {
    const dir = copyOfCorrect();
    const watch = watching(dir);
    await until(() => watch.out().includes('Watching'), 'the first run');
    const hand = join(dir, 'hand.ts');
    const source = readFileSync(hand, 'utf8');
    const safeSave = (text: string) => {
      writeFileSync(join(dir, 'hand.ts.tmp'), text);
      renameSync(join(dir, 'hand.ts.tmp'), hand);
    };
    const finished = () => (watch.out().match(/\(\d+\.\d s\)\n/g) ?? []).length;
    // Before chokidar, Node's recursive watch heard the first of these and none after it.
    const saves = [source.replace(BUG[0], BUG[1]), source, source.replace(BUG[0], BUG[1]), source];
    for (const [index, text] of saves.entries()) {
      safeSave(text);
      await until(() => finished() === index + 1, `the run after safe save ${index + 1}`);
    }
    expect(await watch.stop()).toBe(0);
    const out = watch.out();
    expect(out.match(/ RERUN {2}hand\.ts\n/g)).toHaveLength(4);
    expect(out.match(/Score 21\/21 -> \d+\/21 \(-\d+\)/g)).toHaveLength(2);
    expect(out.match(/Score \d+\/21 -> 21\/21 \(\+\d+\)/g)).toHaveLength(2);
  }, 240_000);

  it('runs one check at a time: saves during a run queue one more run, after it', async () => {
    const dir = copyOfCorrect();
    let runs = 0;
    let busy = false;
    let overlapped = false;
    const watch = watching(dir, (now) => {
      if (now && busy) overlapped = true;
      if (now) runs++;
      busy = now;
    });
    await until(() => watch.out().includes('Watching'), 'the first run');
    const hand = join(dir, 'hand.ts');
    const source = readFileSync(hand, 'utf8');
    writeFileSync(hand, source.replace(BUG[0], BUG[1]));
    await until(() => runs === 2, 'the run after the save');
    // Two saves while it runs (a check takes seconds): one more run, not two.
    writeFileSync(hand, `${source}\n`);
    writeFileSync(hand, source);
    await until(() => runs === 3 && !busy, 'the queued run');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await watch.stop()).toBe(0);
    expect(overlapped).toBe(false);
    expect(runs).toBe(3);
    const out = watch.out();
    expect(out.match(/ RERUN /g)).toHaveLength(2);
    // The last run saw the folder as it was left: full marks.
    expect(out).toMatch(/(-> 21\/21 \(\+\d+\) \(\d+\.\d s\)|nothing changed: score 21\/21 \(\d+\.\d s\))\n$/);
  }, 180_000);

  it('refuses what it cannot tell as changes, before any run', async () => {
    const run = watchCheck(
      CORRECT,
      { ...FLAGS, format: 'json' },
      { stdout: () => {}, stderr: () => {}, color: false },
      { signal: new AbortController().signal },
    );
    await expect(run).rejects.toMatchObject({ code: 'USAGE' });
    const missing = await pitbossHere(['check', join(scratch(), 'not-there'), '--watch']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^pitboss: no such folder: .*not-there\n$/);
  });
});

describe('check --watch, as a process', () => {
  const start = (
    dir: string,
    how: 'node' | 'pnpm' = 'node',
  ): { child: ChildProcess; out: () => string; err: () => string } => {
    const args = ['check', dir, '--watch', '--only', 'hand.'];
    // As the README prints it (`pnpm --silent pitboss ...`), in a process group of its own, so that
    // Ctrl-C reaches pnpm and the grader both, as a terminal sends it.
    const child =
      how === 'node'
        ? spawn(process.execPath, [BIN, ...args], { env: { ...process.env, NO_COLOR: '1' } })
        : spawn('pnpm', ['--silent', 'pitboss', ...args], {
            cwd: REPO_ROOT,
            detached: true,
            env: { ...process.env, NO_COLOR: '1' },
          });
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      err += chunk;
    });
    return { child, out: () => out, err: () => err };
  };
  // The status a shell reports: a process ended by a signal as 128 + its number (pnpm re-raises Ctrl-C).
  const ended = (child: ChildProcess) =>
    new Promise<number | null>((resolve) =>
      child.on('exit', (code, signal) =>
        resolve(code ?? (signal === null ? null : 128 + constants.signals[signal])),
      ),
    );

  it('ends on Ctrl-C (SIGINT) with exit status 130 and no stack trace, idle or in a run, its work folder removed; the same under pnpm', async () => {
    for (const [how, busy] of [
      ['node', false],
      ['node', true],
      ['pnpm', false],
    ] as const) {
      const dir = copyOfCorrect();
      const { child, out, err } = start(dir, how);
      const exit = ended(child);
      await until(() => out().includes('Watching'), 'the first run');
      if (busy) {
        writeFileSync(join(dir, 'hand.ts'), `${readFileSync(join(dir, 'hand.ts'), 'utf8')}\n`);
        // Past the debounce, inside the run (a check takes longer than this).
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      if (how === 'pnpm') process.kill(-child.pid!, 'SIGINT');
      else child.kill('SIGINT');
      expect(await exit, `${how}, busy: ${busy}`).toBe(130);
      expect(err()).not.toMatch(/\n\s+at /);
      expect(err()).toBe('');
      // Under pnpm the grader is pnpm's child, of another pid: the node runs above check its folder.
      if (how === 'node') expect(workRootsOf(child.pid!)).toEqual([]);
    }
  }, 240_000);
});
