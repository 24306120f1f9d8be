// The C++ reference (solution-cpp/, what the C++ edition's canary grades and its mutants edit) prints
// what the TypeScript reference (packages/straights) prints, byte for byte: on every golden transcript
// (the course's, fixtures/compat/straights, and the edge cases', fixtures/transcripts/straights) and on
// every generated case. Built here with its own Makefile: it is the grader's own code, not a student's.
// Also: what `pitboss init --language cpp` writes builds with `make` and runs as the course ran it.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedTranscript, generatedCases } from '../transcripts.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const GOLDEN = [here('../../../fixtures/compat/straights'), here('../../../fixtures/transcripts/straights')];

let work: string;
let program: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'straights-cpp-'));
  cpSync(here('../solution-cpp'), join(work, 'reference'), { recursive: true });
  execFileSync('make', ['-s', '-C', join(work, 'reference')], { stdio: 'pipe' });
  program = join(work, 'reference', 'straights');
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const run = (seed: string, stdin: string) =>
  spawnSync(program, [seed], { input: stdin, encoding: 'utf8', timeout: 10_000 });

/** Each golden case of a folder: its seed, its stdin and the course's output. */
function goldenCases(dir: string): { seed: string; input: string; stdin: string; expected: string }[] {
  return readFileSync(join(dir, 'cases.txt'), 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [seed = '', , input = ''] = line.split(' ');
      return {
        seed,
        input,
        stdin: readFileSync(join(dir, input), 'utf8'),
        expected: readFileSync(join(dir, `${seed}_${input.replace(/\.in$/, '')}.txt`), 'utf8'),
      };
    });
}

describe('the C++ reference', () => {
  for (const dir of GOLDEN) {
    it(`prints every golden transcript of ${dir.split('/').slice(-2).join('/')} byte for byte`, () => {
      const cases = goldenCases(dir);
      expect(cases.length).toBeGreaterThan(20);
      for (const each of cases) {
        const ran = run(each.seed, each.stdin);
        expect(ran.status, `${each.seed} < ${each.input}`).toBe(0);
        expect(ran.stdout, `${each.seed} < ${each.input}`).toBe(each.expected);
      }
    });
  }

  it('prints what the TypeScript reference prints on every generated game', () => {
    for (const each of generatedCases(1, 40)) {
      const ran = run(each.words[0]!, each.stdin ?? '');
      expect(ran.stdout, `${each.words[0]} < ${each.input}`).toBe(expectedTranscript(each));
    }
  });
});

describe("the C++ reference's mutants (mutants-cpp.json)", () => {
  it('each is one edit of the reference that builds and prints otherwise on some case', () => {
    const { mutants } = JSON.parse(readFileSync(here('../mutants-cpp.json'), 'utf8')) as {
      mutants: { id: string; file: string; find: string; replace: string }[];
    };
    expect(mutants.length).toBeGreaterThanOrEqual(7);
    const cases = goldenCases(GOLDEN[0]!);
    for (const mutant of mutants) {
      const dir = join(work, 'mutants', mutant.id);
      cpSync(here('../solution-cpp'), dir, { recursive: true });
      const source = readFileSync(join(dir, mutant.file), 'utf8');
      expect(source.split(mutant.find).length, mutant.id).toBe(2);
      writeFileSync(join(dir, mutant.file), source.replace(mutant.find, mutant.replace));
      execFileSync('make', ['-s', '-C', dir], { stdio: 'pipe' });
      const differs = [...cases, ...goldenCases(GOLDEN[1]!)].some((each) => {
        const ran = spawnSync(join(dir, 'straights'), [each.seed], {
          input: each.stdin,
          encoding: 'utf8',
          timeout: 2000,
        });
        return ran.signal !== null || ran.stdout !== each.expected;
      });
      expect(differs, mutant.id).toBe(true);
    }
  }, 300_000);
});

describe('pitboss init --language cpp for straights', () => {
  it("writes the handout's shuffle.h, a main.cc and a Makefile that builds ./straights", () => {
    const dir = join(work, 'starter');
    const cli = spawnSync(
      process.execPath,
      [
        here('../../../apps/grader/bin/pitboss.mjs'),
        'init',
        dir,
        '--assignment',
        'straights',
        '--language',
        'cpp',
      ],
      { encoding: 'utf8' },
    );
    expect(cli.status, cli.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([
      '.gitignore',
      'Makefile',
      'main.cc',
      'pitboss.json',
      'shuffle.h',
    ]);
    expect(JSON.parse(readFileSync(join(dir, 'pitboss.json'), 'utf8'))).toEqual({
      assignment: 'straights',
      language: 'cpp',
    });
    execFileSync('make', ['-s', '-C', dir], { stdio: 'pipe' });
    expect(existsSync(join(dir, 'straights'))).toBe(true);
    const ran = spawnSync(join(dir, 'straights'), ['1'], { input: '', encoding: 'utf8', timeout: 10_000 });
    expect(ran.status).toBe(0);
    // Nothing of the reference: the handout's engine and shuffle, and a main that reads the seed.
    const written = readdirSync(dir)
      .map((name) =>
        name === 'straights' || name.endsWith('.o') || name.endsWith('.d')
          ? ''
          : readFileSync(join(dir, name), 'utf8'),
      )
      .join('\n');
    expect(written).not.toMatch(/legalPlays|wins!|discards/);
  }, 120_000);
});
