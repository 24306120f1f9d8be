// Every example of README's `blackjack` section, run exactly as it is written there (from the repo
// root, as the README says, stdin closed), so that a renamed option or a changed usage cannot leave a
// command in the front door that fails when pasted.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../scripts/transcript-fixtures.ts';

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/** The lines of the first ```sh block after the heading, comments kept (the shell reads them). */
function examplesUnder(heading: string): string[] {
  const section = readme.slice(readme.indexOf(heading));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (block === null) throw new Error(`README has no sh block under ${heading}`);
  return block[1]!.split('\n').filter((line) => line.trim() !== '');
}

describe("README's blackjack examples", () => {
  const commands = examplesUnder('## The `blackjack` CLI');

  it('has the examples this test is for', () => {
    expect(commands.length).toBeGreaterThanOrEqual(6);
    expect(commands.every((line) => line.includes('pnpm --silent blackjack'))).toBe(true);
  });

  it.each(commands)('%s', (command) => {
    const run = spawnSync('bash', ['-o', 'pipefail', '-c', command], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.length).toBeGreaterThan(0);
  });
});
