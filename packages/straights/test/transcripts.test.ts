// Every Straights case of fixtures/ (the course's and the golden ones), byte for byte, through the built
// CLI as a process and through the game in this process.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSeed } from '../src/cli.ts';
import { wordsOf } from '../src/commands.ts';
import { playGame } from '../src/game.ts';
import { CLI, REPO_ROOT } from './paths.ts';

const COMPAT = join(REPO_ROOT, 'fixtures/compat/straights');
const GOLDEN = join(REPO_ROOT, 'fixtures/transcripts/straights');

interface Case {
  seed: string;
  stdin: string;
  stdout: string;
}

/** A folder's cases.txt: `<seed> < <name>.in` a line; the golden stdout is `<seed>_<name>.txt`. */
function readCases(folder: string): Case[] {
  return readFileSync(join(folder, 'cases.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\S+) < (\S+)\.in$/.exec(line.trim());
      if (match === null) throw new Error(`${folder}/cases.txt: cannot read '${line}'`);
      return { seed: match[1]!, stdin: `${match[2]}.in`, stdout: `${match[1]}_${match[2]}.txt` };
    });
}

const compat = readCases(COMPAT);
const golden = readCases(GOLDEN);

const runCli = (c: Case, folder: string) =>
  spawnSync(process.execPath, [CLI, c.seed], {
    input: readFileSync(join(folder, c.stdin)),
    timeout: 30_000,
  });

describe.each([
  ['the course cases (fixtures/compat/straights)', COMPAT, compat],
  ['the golden cases (fixtures/transcripts/straights)', GOLDEN, golden],
])('%s', (_, folder, cases) => {
  it.each(cases.map((c) => [`${c.seed} < ${c.stdin}`, c] as const))(
    'straights %s prints the golden stdout byte for byte, exit 0, nothing on stderr',
    (_, c) => {
      const result = runCli(c, folder);
      expect(result.stderr.toString()).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout.equals(readFileSync(join(folder, c.stdout)))).toBe(true);
    },
  );

  it('the game in-process prints the same for every case', () => {
    for (const c of cases) {
      let text = '';
      const seed = parseSeed(c.seed);
      if (typeof seed === 'string') throw new Error(c.seed);
      playGame({
        seed,
        input: wordsOf(readFileSync(join(folder, c.stdin), 'utf8')),
        write: (more) => (text += more),
      });
      expect(text, c.stdin).toBe(readFileSync(join(folder, c.stdout), 'utf8'));
    }
  });
});

describe('the fixture folders', () => {
  it('hold all 38 course cases, and no file that no case reads or makes', () => {
    expect(compat).toHaveLength(38);
    for (const [folder, cases] of [
      [COMPAT, compat],
      [GOLDEN, golden],
    ] as const) {
      const used = new Set(['cases.txt', 'README.md', ...cases.flatMap((c) => [c.stdin, c.stdout])]);
      expect(readdirSync(folder).filter((name) => !used.has(name))).toEqual([]);
    }
  });

  it('say what the README measured: seeds 0, 1, -1 and 2147483647 play one game, and 44abc is 44', () => {
    const out = (name: string) => readFileSync(join(GOLDEN, name), 'utf8');
    for (const name of ['1_allc.txt', '-1_allc.txt', '2147483647_allc.txt'])
      expect(out(name)).toBe(out('0_allc.txt'));
    expect(out('44abc_allc.txt')).toBe(out('44_allc.txt'));
    expect(out('44_allc.txt')).not.toBe(out('0_allc.txt'));
  });

  it("four humans typing the computer's moves print the all-computer transcript (seeds 25 and 13)", () => {
    expect(readFileSync(join(COMPAT, '25_allh_cpustrategy.txt'), 'utf8')).toBe(
      readFileSync(join(COMPAT, '25_allc.txt'), 'utf8'),
    );
    expect(readFileSync(join(GOLDEN, '13_all-humans-as-computers.txt'), 'utf8')).toBe(
      readFileSync(join(COMPAT, '13_allc.txt'), 'utf8'),
    );
  });
});
