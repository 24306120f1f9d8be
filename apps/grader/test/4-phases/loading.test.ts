import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { CORRECT, json, pitboss, scratch, withBug } from '../support.ts';

/** Whether a process is still running (a zombie awaiting its reaper counts as gone) after waiting up to `ms`. */
async function stillRunningAfter(pid: number, ms: number): Promise<boolean> {
  const running = () => {
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    if (!running()) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return running();
}

const grade = (dir: string, ...flags: string[]) =>
  json<Report>(pitboss(['grade', dir, '--format', 'json', ...flags]));
const byFile = (report: Report, file: string) => report.tests.filter((test) => test.file === file);

describe('a submission that does not load', () => {
  it("a syntax error fails that file's tests with the line, and the other files still score", () => {
    const report = grade(withBug('hand.ts', 'discardAll(): void {', 'discardAll(): void {{'));
    for (const test of byFile(report, 'hand.ts')) {
      expect(test.status).toBe('load-error');
      expect(test.message).toMatch(/^hand\.ts does not compile: line \d+:\d+: /);
    }
    expect(byFile(report, 'deck.ts').every((test) => test.status === 'passed')).toBe(true);
    expect(byFile(report, 'player.ts').every((test) => test.status === 'passed')).toBe(true);
    expect(byFile(report, 'blackjack.ts').every((test) => test.status === 'passed')).toBe(true);
    expect(report.loadErrors.map((problem) => problem.file)).toEqual(['hand.ts']);
  });

  it('a missing export is named', () => {
    const report = grade(
      withBug('deck.ts', 'export class Deck implements', 'export class MyDeck implements'),
    );
    expect(
      byFile(report, 'deck.ts').every(
        (test) =>
          test.message ===
          'deck.ts does not export a class named Deck (it exports MyDeck; names are case-sensitive)',
      ),
    ).toBe(true);
    expect(byFile(report, 'hand.ts').every((test) => test.status === 'passed')).toBe(true);
  });

  it('a default export, or module.exports, gets a hint at the fix', () => {
    const fix =
      /deck\.ts does not export a class named Deck: it has a default export instead .*write `export class Deck`/;
    const byDefault = grade(
      withBug('deck.ts', 'export class Deck implements', 'export default class Deck implements'),
      '--only',
      'deck.',
    );
    expect(byFile(byDefault, 'deck.ts')[0]!.message).toMatch(fix);
    const dir = withBug('deck.ts', 'export class Deck implements', 'class Deck implements');
    writeFileSync(
      join(dir, 'deck.ts'),
      `${readFileSync(join(dir, 'deck.ts'), 'utf8')}\nmodule.exports = { Deck };\n`,
    );
    expect(byFile(grade(dir, '--only', 'deck.'), 'deck.ts')[0]!.message).toMatch(fix);
  });

  it('a wrong import path is named, with the file it probably meant', () => {
    const report = grade(withBug('player.ts', "from './card';", "from './Card';"));
    const test = byFile(report, 'player.ts')[0]!;
    expect(test.status).toBe('load-error');
    expect(test.message).toMatch(
      /player\.ts does not compile: .*imports '\.\/Card', but the file is card\.ts \(names are case-sensitive\)/,
    );
    // Where the import is in the student's file, not where the grader noticed it.
    const source = readFileSync(join(CORRECT, 'player.ts'), 'utf8').split('\n');
    const line = source.findIndex((text) => text.includes("from './card';")) + 1;
    expect(test.message).toMatch(new RegExp(`^player\\.ts does not compile: line ${line}:\\d+: `));
  });

  it('a missing file is named, and its tests fail while the others run', () => {
    const dir = join(scratch(), 'no-player');
    cpSync(CORRECT, dir, { recursive: true });
    rmSync(join(dir, 'player.ts'));
    const report = grade(dir);
    expect(
      byFile(report, 'player.ts').every(
        (test) => test.message === 'player.ts is missing from the submission',
      ),
    ).toBe(true);
    expect(byFile(report, 'deck.ts').every((test) => test.status === 'passed')).toBe(true);
    // The driver with the reference player still runs; with the student's own files it cannot.
    expect(byFile(report, 'blackjack.ts').every((test) => test.status === 'passed')).toBe(true);
    expect(byFile(report, 'all files').every((test) => test.status === 'load-error')).toBe(true);
  });
});

describe('import styles', () => {
  it.each(['./card', './card.js', './card.ts'])("'%s' works, with or without a package.json", (style) => {
    for (const packageJson of [undefined, '{ "type": "module" }', '{ "type": "commonjs" }']) {
      const dir = join(scratch(), 'styles');
      cpSync(CORRECT, dir, { recursive: true });
      for (const file of ['deck.ts', 'hand.ts', 'player.ts', 'blackjack.ts']) {
        const path = join(dir, file);
        writeFileSync(
          path,
          readFileSync(path, 'utf8').replace(/from '\.\/(\w+)'/g, `from '${style.replace('card', '$1')}'`),
        );
      }
      if (packageJson !== undefined) writeFileSync(join(dir, 'package.json'), packageJson);
      // All the student's files together: every import is exercised.
      const report = grade(dir, '--only', 'transcript.course.own');
      expect(report.tests.length).toBeGreaterThan(0);
      expect(report.score, `${style} with package.json ${packageJson}`).toBe(report.maxScore);
    }
  });
});

describe('time limits', () => {
  it('a test that never ends times out, its process group is killed, and the next tests still run', async () => {
    const pidFile = join(scratch(), 'grandchild.pid');
    // Before looping forever, the student's code starts a grandchild that would outlive a plain kill.
    const hang = [
      'shuffle(n: number): void {',
      '    if (n === 0) {',
      '      try {',
      "      const { spawn } = process.getBuiltinModule('node:child_process');",
      "      const sleeper = spawn('sleep', ['600'], { stdio: 'ignore' });",
      `      process.getBuiltinModule('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(sleeper.pid));`,
      '      } catch {}',
      '      for (;;) {}',
      '    }',
    ].join('\n');
    const dir = withBug('deck.ts', 'shuffle(n: number): void {', hang);
    const report = grade(dir, '--timeout', '2', '--only', 'deck.ts');
    // In the sandbox the spawn (and the pid file) are denied; without it, the grandchild died with its group.
    if (existsSync(pidFile)) {
      const grandchild = Number(readFileSync(pidFile, 'utf8'));
      expect(await stillRunningAfter(grandchild, 3000)).toBe(false);
    }
    const timedOut = report.tests.filter((test) => test.status === 'timeout').map((test) => test.id);
    expect(timedOut).toContain('deck.shuffle-each-n');
    expect(report.tests.find((test) => test.id === 'deck.new-order')?.status).toBe('passed');
    expect(report.tests.find((test) => test.id === 'deck.deck-empty')?.status).toBe('passed');
    expect(report.tests.find((test) => test.id === 'deck.shuffle-each-n')?.message).toBe(
      'the test took longer than its limit of 2000 ms, in new deck; shuffle(0)',
    );
  });

  it('a driver that never ends times out on every transcript', () => {
    const dir = withBug(
      'blackjack.ts',
      'let bankroll = bankrollArg;',
      'for (;;) {}\nlet bankroll = bankrollArg;',
    );
    const report = grade(dir, '--only', 'transcript.course');
    const transcripts = report.tests.filter((test) => test.kind === 'transcript');
    expect(transcripts.every((test) => test.status === 'timeout')).toBe(true);
    // Stopped by its CPU-time limit (whatever the machine's load), then the rest not run at all.
    expect(transcripts[0]?.message).toMatch(/^blackjack\.ts used more CPU time than its limit of \d+ ms$/);
    expect(transcripts.filter((test) => test.message?.startsWith('not run: ')).length).toBe(
      transcripts.length - 4,
    );
  });
});
