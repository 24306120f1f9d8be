// `pnpm bench`: the engine's hands per second in-process, and the whole-process time of the CLI on
// `10000 10000 counting` (111,956 lines) against `node -e 0` measured in the same run.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../scripts/transcript-fixtures.ts';
import { findRuleSet, playTranscript } from '../src/index.ts';

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function engineHandsPerSecond(rounds: number): number[] {
  const classic = findRuleSet('classic')!;
  const rates: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    const { handsPlayed } = playTranscript(classic, ['10000', '10000', 'counting'], { readFile: () => '' });
    rates.push(handsPlayed / ((performance.now() - start) / 1000));
  }
  return rates;
}

function wallSeconds(command: string, args: string[], runs: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const start = performance.now();
    const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26 });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`);
    if (i > 0) times.push((performance.now() - start) / 1000); // the first run warms the file cache
  }
  return times;
}

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
engineHandsPerSecond(3); // let the JIT settle
const rates = engineHandsPerSecond(RUNS);
const cli = join(REPO_ROOT, 'packages/driver/bin/blackjack.mjs');
const node = wallSeconds(process.execPath, ['-e', '0'], RUNS);
const game = wallSeconds(process.execPath, [cli, '10000', '10000', 'counting'], RUNS);

const row = (name: string, values: number[], unit: string, digits: number) =>
  `${name.padEnd(44)} ${median(values).toFixed(digits).padStart(10)} ${unit}  (min ${Math.min(...values).toFixed(digits)}, max ${Math.max(...values).toFixed(digits)})`;
console.log(`median of ${RUNS} runs each`);
console.log(row('engine, in-process (10,000 hands, counting)', rates, 'hands/s', 0));
console.log(row('node -e 0 (start-up baseline)', node, 's', 3));
console.log(row('blackjack 10000 10000 counting (whole process)', game, 's', 3));
console.log(
  `${'whole process / start-up baseline'.padEnd(44)} ${(median(game) / median(node)).toFixed(2).padStart(10)} x`,
);
console.log(`${'target: whole process at most'.padEnd(44)} ${'0.150'.padStart(10)} s`);
