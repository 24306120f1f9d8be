// `pnpm bench` (grader): a watch's save answered, as a student has it. `pitboss check --watch` runs in
// this process on a copy of `correct-tested` (its first check told, the watch ready); then each save is
// timed from the file's write to the end of its rerun's report on the terminal: a save that breaks
// hand.ts (a soft hand's ace), the save that mends it, and a save of player.ts that changes its code
// but not its behaviour. BENCH_SAVES rounds; the median of each.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { watchCheck } from '../src/commands/watch.ts';
import { REPO_ROOT } from '../src/plumbing/paths.ts';

const SAVES = Number(process.env.BENCH_SAVES ?? 3);
const work = mkdtempSync(join(tmpdir(), 'pitboss-bench-watch-'));
const folder = join(work, 'correct-tested');
cpSync(join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested'), folder, { recursive: true });
const hand = join(folder, 'hand.ts');
const player = join(folder, 'player.ts');
const BUG = ['this.hard + 10 <= 21', 'this.hard + 10 < 21'] as const;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

let out = '';
const controller = new AbortController();
const started = performance.now();
const done = watchCheck(
  folder,
  { format: 'human', jobs: availableParallelism() },
  {
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      out += text;
    },
    color: false,
  },
  { signal: controller.signal },
);

async function until(ready: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 120_000;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}:\n${out}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The rerun's end on the terminal: its score line, or "nothing changed". */
const ends = (text: string) => (text.match(/^(Score .*| {2}nothing changed: .*)$/gm) ?? []).length;

async function save(path: string, text: string): Promise<{ ms: number; told: string }> {
  const before = ends(out);
  const from = out.length;
  const at = performance.now();
  writeFileSync(path, text);
  await until(() => ends(out) > before, `the rerun after a save of ${path}`);
  return { ms: performance.now() - at, told: out.slice(from) };
}

try {
  await until(() => out.includes('Watching '), 'the first check');
  console.log(
    `watch of correct-tested: first check told in ${((performance.now() - started) / 1000).toFixed(2)} s`,
  );
  // Chokidar's own start: the watch is listening once its first look is done.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const source = { hand: readFileSync(hand, 'utf8'), player: readFileSync(player, 'utf8') };
  const times = { broken: [] as number[], mended: [] as number[], player: [] as number[] };
  for (let i = 0; i < SAVES; i++) {
    const broken = await save(hand, source.hand.replace(BUG[0], BUG[1]));
    if (!broken.told.includes('Newly failing'))
      throw new Error(`the broken save told no failure:\n${broken.told}`);
    times.broken.push(broken.ms);
    const mended = await save(hand, source.hand);
    if (!mended.told.includes('Fixed'))
      throw new Error(`the mended save told nothing fixed:\n${mended.told}`);
    times.mended.push(mended.ms);
    const code = await save(player, `${source.player}\nexport const saved${i} = ${i};\n`);
    if (!code.told.includes('nothing changed'))
      throw new Error(`a save of player.ts changed the score:\n${code.told}`);
    times.player.push(code.ms);
  }
  const s = (values: number[]) => `${(median(values) / 1000).toFixed(2)} s`;
  console.log(
    `a save answered (median of ${SAVES}, from the write to the report's end, target at most 0.5 s): ` +
      `hand.ts broken ${s(times.broken)}, mended ${s(times.mended)}; player.ts's code, same behaviour ${s(times.player)}`,
  );
} finally {
  controller.abort();
  await done;
  rmSync(work, { recursive: true, force: true });
}
