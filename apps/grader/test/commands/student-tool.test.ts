// The student tool holds no solution: exported, it contains no file and no distinctive line of the
// reference (packages, solution/, reference/ adapters, the suites that call it), no mutant, no fixture,
// no private part; installed and run as a student runs it, it grades a correct submission with full
// marks and a wrong one with the usual feedback.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ISOLATED_VM_PACKAGES } from '../../src/3-sandbox/isolate/client.ts';
import type { Report } from '../../src/6-reports/model.ts';
import { json, pitboss, REPO_ROOT } from '../support.ts';

const root = mkdtempSync(join(tmpdir(), 'pitboss-tool-'));
const tool = join(root, 'tool');
afterAll(() => rmSync(root, { recursive: true, force: true }));

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Code lines long enough to be distinctive, from every file a student must never get. */
function secretLines(): string[] {
  const secret: string[] = [];
  const provided = new Set(['card.ts', 'rand.ts', 'team.ts', 'table.ts']);
  for (const pkg of ['deck', 'hand', 'player', 'driver', 'straights'])
    for (const file of filesUnder(join(REPO_ROOT, 'packages', pkg, 'src')))
      if (!provided.has(file.split('/').pop()!)) secret.push(file);
  for (const rules of ['blackjack-kit', 'classic', 'crusaders', 'minbet', 'straights', 'table'])
    for (const part of ['solution', 'reference', 'suites'])
      if (existsSync(join(REPO_ROOT, 'graders', rules, part)))
        secret.push(...filesUnder(join(REPO_ROOT, 'graders', rules, part)));
  for (const dir of readdirSync(join(REPO_ROOT, 'fixtures/submissions/classic')).filter((d) =>
    d.startsWith('correct-'),
  ))
    secret.push(...filesUnder(join(REPO_ROOT, 'fixtures/submissions/classic', dir)));
  const lines = secret.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length >= 40 && !/^(\/\/|\*|\/\*|import |export \{)/.test(line)),
  );
  for (const file of [
    'graders/classic/mutants.json',
    'graders/crusaders/mutants.json',
    'graders/minbet/mutants.json',
    'graders/straights/mutants.json',
    'graders/table/mutants.json',
    'instructor/classic/mutants.json',
    'instructor/straights/mutants.json',
    'instructor/table/mutants.json',
  ]) {
    const { mutants } = JSON.parse(readFileSync(join(REPO_ROOT, file), 'utf8')) as {
      mutants: { replace: string }[];
    };
    lines.push(...mutants.map((mutant) => mutant.replace.trim()).filter((line) => line.length >= 20));
  }
  // What is public anyway (the grader's own code, the provided files, the starter and its example
  // test, which correct fixtures keep) is no secret when it happens to share a line.
  const publicFiles = [
    ...filesUnder(join(REPO_ROOT, 'apps/grader/src')),
    ...[
      'packages/deck/src/card.ts',
      'packages/deck/src/rand.ts',
      'packages/player/src/team.ts',
      'packages/straights/src/card.ts',
      'packages/straights/src/rand.ts',
      'packages/straights/src/table.ts',
    ].map((file) => join(REPO_ROOT, file)),
    // The Blackjack kit's provided contract, starter and words are every edition's.
    ...['blackjack-kit', 'classic', 'crusaders', 'minbet', 'straights', 'table'].flatMap((rules) => [
      ...(existsSync(join(REPO_ROOT, 'graders', rules, 'provided'))
        ? filesUnder(join(REPO_ROOT, 'graders', rules, 'provided'))
        : []),
      join(REPO_ROOT, 'graders', rules, 'starter.ts'),
      // The live properties and the words for values are published by design: they import nothing of
      // the reference (checked below).
      ...[
        join(REPO_ROOT, 'graders', rules, 'live.ts'),
        join(REPO_ROOT, 'graders', rules, 'words-for-students.ts'),
      ].filter((file) => existsSync(file)),
    ]),
  ];
  const published = publicFiles.map((file) => readFileSync(file, 'utf8')).join('\n');
  return [...new Set(lines)].filter((line) => !published.includes(line));
}

describe('pitboss export-student-tool', { timeout: 600_000 }, () => {
  const exported = pitboss(['export-student-tool', tool]);

  it('writes the tool, in ordinary modes', () => {
    expect(exported.status, exported.stderr).toBe(0);
    expect(statSync(tool).mode & 0o777).toBe(0o755);
  });

  it('holds no reference, no mutant, no fixture and nothing private', () => {
    const files = [...filesUnder(tool)].map((file) => relative(tool, file));
    const forbidden = files.filter((file) =>
      /^(packages|fixtures|instructor)\/|\/(solution|reference|suites)\//.test(file),
    );
    expect(forbidden).toEqual([]);
    for (const rules of ['classic', 'crusaders', 'minbet'])
      expect(JSON.parse(readFileSync(join(tool, 'graders', rules, 'mutants.json'), 'utf8'))).toEqual({
        mutants: [],
      });
    const live = readFileSync(join(tool, 'graders/classic/live.ts'), 'utf8');
    expect([...live.matchAll(/ from '([^']+)';$/gm)].map((m) => m[1])).toEqual([
      '@pitboss/grader/kit',
      'fast-check',
    ]);
    const secrets = secretLines();
    expect(secrets.length).toBeGreaterThan(200);
    const text = files.map((file) => readFileSync(join(tool, file), 'utf8')).join('\n');
    // The visible cases' expected output is the tool's by design (recorded.json); a line of a solution's
    // own tests that quotes it is no secret there.
    const recorded = files
      .filter((file) => file.endsWith('recorded.json'))
      .map((file) => readFileSync(join(tool, file), 'utf8'))
      .join('\n');
    expect(secrets.filter((line) => text.includes(line) && !recorded.includes(line))).toEqual([]);
    // No hidden transcript case either: its words, as a case id would hold them.
    const hidden = readFileSync(join(REPO_ROOT, 'instructor/classic/transcripts.txt'), 'utf8')
      .split('\n')
      .filter((line) => /^\d/.test(line))
      .map((line) => line.trim().split(/\s+/).join('_'));
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.filter((words) => text.includes(`:${words}"`))).toEqual([]);
  });

  it('installs isolated-vm as the project does: a version for each Node, built by pnpm, on the same Nodes', () => {
    const read = (path: string) => readFileSync(path, 'utf8');
    const optional = (dir: string) =>
      (JSON.parse(read(join(dir, 'apps/grader/package.json'))) as { optionalDependencies: object })
        .optionalDependencies;
    // The aliases the client tries are those pnpm installs: 5.x for Node 20, 6.x for 22, 7.x for 24
    // (engines pick; 6.x and 7.x ship binaries for 22 and 24).
    expect(optional(tool)).toEqual(optional(REPO_ROOT));
    expect(Object.keys(optional(tool)).sort()).toEqual([...ISOLATED_VM_PACKAGES].sort());
    expect(optional(tool)).toMatchObject({
      'isolated-vm': expect.stringMatching(/^5\./),
      'isolated-vm-node22': expect.stringMatching(/^npm:isolated-vm@6\./),
      'isolated-vm-node24': expect.stringMatching(/^npm:isolated-vm@7\./),
    });
    // pnpm 10 runs no install script it is not told to: without isolated-vm here, no isolates.
    const built = (dir: string) =>
      (parse(read(join(dir, 'pnpm-workspace.yaml'))) as { onlyBuiltDependencies: string[] })
        .onlyBuiltDependencies;
    expect(built(tool)).toEqual(built(REPO_ROOT));
    expect(built(tool)).toContain('isolated-vm');
    const engines = (dir: string) =>
      (JSON.parse(read(join(dir, 'package.json'))) as { engines: object }).engines;
    expect(engines(tool)).toEqual(engines(REPO_ROOT));
    expect(read(join(tool, 'README.md'))).toContain('npm install -g pnpm@10 && pnpm install\n');
  });

  it('installs, and grades as a student runs it: full marks for a correct submission, the usual feedback for a wrong one', () => {
    const install = spawnSync('pnpm', ['install', '--prefer-offline'], { cwd: tool, encoding: 'utf8' });
    expect(install.status, install.stderr + install.stdout).toBe(0);
    const subs = join(root, 'subs');
    for (const name of ['correct-tested', 'wrong-shuffle-from-new-deck', 'wrong-deck-empty-never-thrown'])
      cpSync(join(REPO_ROOT, 'fixtures/submissions/classic', name), join(subs, name), { recursive: true });
    // By name, from the tool's folder, as its README says.
    const check = (name: string, ...options: string[]) =>
      spawnSync(join(tool, 'node_modules/.bin/pitboss'), ['check', join(subs, name), ...options], {
        cwd: tool,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
    const correct = check('correct-tested');
    expect(correct.status, correct.stderr).toBe(0);
    // In isolates, as graded: the tool's install built isolated-vm for this Node.
    expect(correct.stderr).not.toContain('no isolates');
    expect(correct.stdout).toMatch(/^Score (\d+)\/\1 /m);
    // Its own tests, run on its own code, each listed as passing; the mutants are for grading.
    const testFiles = readdirSync(join(subs, 'correct-tested', 'tests')).filter((f) =>
      f.endsWith('.test.ts'),
    );
    expect(correct.stdout).toMatch(/Your tests, on your own code: (\d+) of \1 pass\./);
    for (const file of testFiles) expect(correct.stdout).toContain(`pass tests/${file} > `);
    expect(correct.stdout).not.toContain('FAIL tests/');
    expect(correct.stdout).toContain('your tests expose is scored when your submission is graded');
    const wrong = check('wrong-shuffle-from-new-deck');
    expect(wrong.status).toBe(1);
    expect(wrong.stdout).toMatch(/new deck; .*deal\(\) returned \w+ of \w+; expected \w+ of \w+/);
    expect(wrong.stdout).toContain('scored when your submission is graded');
    // A live property (no reference in the tool) shows the bug where it is.
    const empty = check('wrong-deck-empty-never-thrown');
    expect(empty.status).toBe(1);
    expect(empty.stdout).toMatch(
      /FAIL +After any shuffles, the 53rd deal throws DeckEmpty +\[deck\.ts, 0\/0\]\n +new deck; 52 deals; deal #53 returned [^;\n]+; expected it to throw DeckEmpty/,
    );
    // --keep writes the recorded case that failed, as a test; a live property has no answers to keep.
    const kept = check('wrong-deck-empty-never-thrown', '--keep');
    const keptFile = join(subs, 'wrong-deck-empty-never-thrown/tests/kept.deck.deck-empty.test.ts');
    expect(kept.stdout).toContain(`kept: ${keptFile}\n`);
    expect(kept.stdout).toContain('not kept: live.deck.deck-empty-after-52-deals: ');
    expect(readFileSync(keptFile, 'utf8')).toMatch(
      /@pitboss-kept[\s\S]*assert\.throws\(\(\) => s0\.deal\(\), \(error\) => isNamed\(error, "DeckEmpty"\)/,
    );
  });

  it('records with a seed of its own: a hand answering from the recording passes there, not when graded', () => {
    // The attack: every recorded call sequence of the hand tests with the reference's answer, and a
    // Hand that looks its answer up instead of counting.
    type Step = { wire: { op: string; method?: string; args?: unknown[] }; expect: { value?: unknown } };
    const recording = JSON.parse(readFileSync(join(tool, 'graders/classic/recorded.json'), 'utf8')) as {
      unitTests: { id: string; scripts: Step[][] }[];
    };
    const answers: Record<string, unknown> = {};
    const randomDrawn = ['hand.random-cards', 'hand.over-21', 'hand.discard-all'];
    for (const test of recording.unitTests.filter((t) => randomDrawn.includes(t.id)))
      for (const script of test.scripts) {
        const calls: unknown[] = [];
        for (const step of script) {
          if (step.wire.op !== 'call') continue;
          calls.push([step.wire.method, step.wire.args]);
          // The recording keeps a value as the executor encodes it: { $: 'object', v: {count, soft} }.
          if (step.wire.method === 'handValue')
            answers[JSON.stringify(calls)] = (step.expect.value as { v: unknown }).v;
        }
      }
    const stub = join(root, 'subs', 'hand-from-the-recording');
    cpSync(join(REPO_ROOT, 'fixtures/submissions/classic/correct-indexed'), stub, { recursive: true });
    writeFileSync(
      join(stub, 'hand.ts'),
      `import type { Card } from './card';
import type { HandADT, HandValue } from './contract';
const ANSWERS: Record<string, HandValue> = ${JSON.stringify(answers)};
export class Hand implements HandADT {
  private calls: unknown[] = [];
  discardAll(): void { this.calls.push(['discardAll', []]); }
  addCard(card: Card): void { this.calls.push(['addCard', [{ data: { spot: card.spot, suit: card.suit } }]]); }
  handValue(): HandValue {
    this.calls.push(['handValue', []]);
    return ANSWERS[JSON.stringify(this.calls)] ?? { count: 0, soft: false };
  }
}
`,
    );
    const inTool = spawnSync(
      join(tool, 'node_modules/.bin/pitboss'),
      ['check', stub, '--only', 'hand.', '--format', 'json'],
      {
        cwd: tool,
        encoding: 'utf8',
      },
    );
    const local = JSON.parse(inTool.stdout) as Report;
    const randomDraws = (report: Report) => report.tests.filter((t) => randomDrawn.includes(t.id));
    expect(randomDraws(local).map((t) => t.status)).toEqual(['passed', 'passed', 'passed']);
    const graded = json<Report>(pitboss(['check', stub, '--only', 'hand.', '--format', 'json']));
    expect(randomDraws(graded).map((t) => t.status)).toEqual(['failed', 'failed', 'failed']);
  });

  it('says in one line that it checks TypeScript only: a C++ starter or submission, and its README', () => {
    const inTool = (...args: string[]) =>
      spawnSync(join(tool, 'node_modules/.bin/pitboss'), args, { cwd: tool, encoding: 'utf8' });
    const line =
      'this student tool checks classic in TypeScript only, not in C++: a C++ submission is checked when the course grades it';
    const init = inTool('init', join(root, 'cpp-starter'), '--language', 'cpp');
    expect([init.status, init.stdout, init.stderr]).toEqual([2, '', `pitboss: ${line}\n`]);
    const cpp = join(REPO_ROOT, 'fixtures/submissions/classic-cpp/correct-tested');
    const check = inTool('check', cpp);
    expect([check.status, check.stdout, check.stderr]).toEqual([2, '', `pitboss: ${cpp}: ${line}\n`]);
    // Declared in pitboss.json, without a .cpp file yet: the same.
    const declared = join(root, 'declared-cpp');
    cpSync(join(REPO_ROOT, 'fixtures/submissions/classic/correct-tested'), declared, { recursive: true });
    for (const name of ['deck.ts', 'hand.ts', 'player.ts', 'blackjack.ts']) rmSync(join(declared, name));
    writeFileSync(join(declared, 'pitboss.json'), '{ "language": "cpp" }\n');
    expect(inTool('check', declared).stderr).toBe(`pitboss: ${declared}: ${line}\n`);
    expect(readFileSync(join(tool, 'README.md'), 'utf8')).toContain(
      'It checks TypeScript submissions only: a C++ one is checked when the course grades it.',
    );
  });
});
