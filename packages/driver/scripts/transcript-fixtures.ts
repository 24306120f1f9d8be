// Golden transcripts: each folder holds a `cases.txt` (one case a line, the CLI's words) and, per case,
// the exact stdout the reference CLI prints. A case of a rule set that reads its players' words ends
// in `< <file>.in`: that file, beside cases.txt, is its stdin. `fixtures/transcripts/<rules>/` is made
// by the reference and may be regenerated; `fixtures/compat/<rules>/` holds the course's own outputs
// and never is. A folder named after another game (`straights`) runs that game's CLI with the words.
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(import.meta.url), '../../../..');
const CLI = join(REPO_ROOT, 'packages/driver/bin/blackjack.mjs');

/** Folders that are games of their own, not blackjack rule sets, and the bin that plays each. */
const OTHER_GAMES: Readonly<Record<string, string>> = {
  straights: join(REPO_ROOT, 'packages/straights/bin/straights.mjs'),
};

/** A case still running after this has hung (a game that never ends): it fails instead of waiting. */
const CASE_TIMEOUT_MS = 120_000;

export interface TranscriptCase {
  /** The folder's rule set, from its name. */
  rules: string;
  /** `blackjack` for a rule set, else the game the folder is named after. */
  game: string;
  folder: string;
  words: string[];
  /** The file read as stdin, beside cases.txt; none: stdin is empty. */
  stdin?: string | undefined;
  /** The golden file, beside cases.txt. */
  file: string;
  /** Whether `update` may rewrite it. */
  regenerable: boolean;
}

export interface CaseOutcome {
  case: TranscriptCase;
  /** Empty when the CLI printed the golden file exactly. */
  problem: string;
  actual?: Buffer;
}

/**
 * The golden file's name: the words joined by `_`, an option's leading dashes (not a negative
 * number's minus) and a cuts file's `.txt` dropped, then the stdin file's name without its `.in`.
 */
export function caseFileName(words: readonly string[], stdin?: string): string {
  const parts = words.map((word) => word.replace(/^-+(?!\d)/, '').replace(/\.txt$/, ''));
  if (stdin !== undefined) parts.push(basename(stdin).replace(/\.in$/, ''));
  return `${parts.join('_')}.txt`;
}

/** A line of cases.txt: the CLI's words, then optionally `<` and the stdin file's name. */
function readCaseLine(line: string): { words: string[]; stdin?: string } {
  const words = line.trim().split(/\s+/).filter(Boolean);
  const redirect = words.indexOf('<');
  if (redirect === -1) return { words };
  const stdin = words[redirect + 1];
  if (stdin === undefined || redirect !== words.length - 2) {
    throw new Error(`cases.txt: '<' must be followed by one file name, at the end of the line: ${line}`);
  }
  return { words: words.slice(0, redirect), stdin };
}

export function readCaseFolders(fixturesRoot = join(REPO_ROOT, 'fixtures')): TranscriptCase[] {
  const cases: TranscriptCase[] = [];
  for (const [kind, regenerable] of [
    ['transcripts', true],
    ['compat', false],
  ] as const) {
    const kindRoot = join(fixturesRoot, kind);
    if (!existsSync(kindRoot)) continue;
    for (const rules of readdirSync(kindRoot).sort()) {
      const folder = join(kindRoot, rules);
      const list = join(folder, 'cases.txt');
      if (!existsSync(list)) continue;
      const game = Object.hasOwn(OTHER_GAMES, rules) ? rules : 'blackjack';
      for (const line of readFileSync(list, 'utf8').split('\n')) {
        const trimmed = line.trim();
        if (trimmed === '' || trimmed.startsWith('#')) continue;
        const { words, stdin } = readCaseLine(trimmed);
        cases.push({
          rules,
          game,
          folder,
          words,
          ...(stdin !== undefined && { stdin: join(folder, stdin) }),
          file: join(folder, caseFileName(words, stdin)),
          regenerable,
        });
      }
    }
  }
  return cases;
}

/**
 * The cases a command line names: a rule set's name (`classic`: its folder in transcripts/ and in
 * compat/), a case folder's path, or a case's golden file (with or without `.txt`), paths from `cwd`.
 * None: every case. A name that is none of these throws, naming what there is.
 */
export function selectCases(
  cases: readonly TranscriptCase[],
  names: readonly string[],
  cwd = process.cwd(),
): TranscriptCase[] {
  if (names.length === 0) return [...cases];
  const chosen = new Set<TranscriptCase>();
  for (const name of names) {
    const path = resolve(cwd, name);
    const matches = cases.filter(
      (c) =>
        (!name.includes('/') && c.rules === name) ||
        c.folder === path ||
        c.file === path ||
        c.file === `${path}.txt`,
    );
    if (matches.length === 0) {
      const rules = [...new Set(cases.map((c) => c.rules))].sort().join(', ');
      throw new Error(
        `no transcript folder or case '${name}' (a rule set: ${rules}; a folder such as fixtures/transcripts/classic; or a case's file in one)`,
      );
    }
    for (const c of matches) chosen.add(c);
  }
  return cases.filter((c) => chosen.has(c));
}

/** Files in a case folder that no case produces or reads: stale goldens. */
export function orphanFiles(cases: readonly TranscriptCase[]): string[] {
  const used = new Set<string>();
  const folders = new Set<string>();
  for (const c of cases) {
    folders.add(c.folder);
    used.add(c.file);
    if (c.stdin !== undefined) used.add(c.stdin);
    for (const word of c.words) if (word.endsWith('.txt')) used.add(join(c.folder, word));
  }
  const orphans: string[] = [];
  for (const folder of folders) {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (name !== 'cases.txt' && name !== 'README.md' && !used.has(path)) orphans.push(path);
    }
  }
  return orphans.sort();
}

/** Runs the CLI on a case, its stdin the case's file as `blackjack ... < file` gives it (or empty). */
function runCli(c: TranscriptCase): Promise<{ stdout: Buffer; stderr: string; status: number }> {
  return new Promise((done) => {
    let stdin: number | 'ignore' = 'ignore';
    try {
      if (c.stdin !== undefined) stdin = openSync(c.stdin, 'r');
    } catch (error) {
      done({ stdout: Buffer.alloc(0), stderr: `cannot read stdin file: ${error}`, status: -1 });
      return;
    }
    const command = c.game === 'blackjack' ? [CLI, '--rules', c.rules] : [OTHER_GAMES[c.game]!];
    const child = spawn(process.execPath, [...command, ...c.words], {
      cwd: c.folder,
      stdio: [stdin, 'pipe', 'pipe'],
      timeout: CASE_TIMEOUT_MS,
    });
    if (typeof stdin === 'number') closeSync(stdin);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout!.on('data', (data: Buffer) => stdout.push(data));
    child.stderr!.on('data', (data: Buffer) => stderr.push(data));
    child.on('error', (error) => done({ stdout: Buffer.alloc(0), stderr: String(error), status: -1 }));
    child.on('close', (code, signal) =>
      done({
        stdout: Buffer.concat(stdout),
        stderr:
          (signal === null ? '' : `stopped by ${signal} (over ${CASE_TIMEOUT_MS} ms?); `) +
          Buffer.concat(stderr).toString('utf8'),
        status: code ?? 1,
      }),
    );
  });
}

/** Where two transcripts first part, in a line a person can act on. */
export function firstDifference(expected: string, actual: string): string {
  const want = expected.split('\n');
  const got = actual.split('\n');
  for (let i = 0; i < Math.max(want.length, got.length); i++) {
    if (want[i] !== got[i]) {
      const show = (line: string | undefined) =>
        line === undefined ? '(end of output)' : JSON.stringify(line);
      return `line ${i + 1}: expected ${show(want[i])}, got ${show(got[i])}`;
    }
  }
  return 'identical';
}

async function runCase(c: TranscriptCase): Promise<CaseOutcome> {
  const { stdout, stderr, status } = await runCli(c);
  if (status !== 0) return { case: c, problem: `exit status ${status}: ${stderr.trim()}` };
  if (!existsSync(c.file)) return { case: c, problem: 'no golden file', actual: stdout };
  const expected = readFileSync(c.file);
  if (expected.equals(stdout)) return { case: c, problem: '', actual: stdout };
  return {
    case: c,
    problem: firstDifference(expected.toString('utf8'), stdout.toString('utf8')),
    actual: stdout,
  };
}

/** Runs every case through the built CLI, a few at a time. */
export async function runCases(cases: readonly TranscriptCase[]): Promise<CaseOutcome[]> {
  const outcomes: CaseOutcome[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const index = next++;
      outcomes[index] = await runCase(cases[index]!);
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  return outcomes;
}

/** Rewrites a regenerable golden file atomically: a reader sees the old file or the new, never half. */
export function writeGolden(outcome: CaseOutcome): void {
  if (!outcome.case.regenerable || outcome.actual === undefined) return;
  const temporary = join(outcome.case.folder, `.${basename(outcome.case.file)}.tmp`);
  writeFileSync(temporary, outcome.actual);
  renameSync(temporary, outcome.case.file);
}
