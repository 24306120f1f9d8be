// C++ submissions of the classic assignment (graders/classic/cpp.ts): built with g++ in the sandbox,
// graded by the same suites as TypeScript ones, with the same ids, rubric and reports.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/0-results/report.ts';
import { IMPLEMENTATION, json, pitboss, pitbossHere, REPO_ROOT, type Run, scratch } from '../support.ts';

const FIXTURES = join(REPO_ROOT, 'fixtures/submissions/classic-cpp');
const SOLUTION = join(REPO_ROOT, 'graders/classic/solution-cpp');
const TS_CORRECT = join(REPO_ROOT, 'fixtures/submissions/classic/correct-indexed');
const gpp = spawnSync('g++', ['--version']).status === 0;

const fixtures = (prefix: string) =>
  readdirSync(FIXTURES)
    .filter((name) => name.startsWith(prefix))
    .sort();
const atFault = (name: string): string =>
  (JSON.parse(readFileSync(join(FIXTURES, name, 'fixture.json'), 'utf8')) as { atFault: string }).atFault;

/**
 * Wrong fixtures whose bug no test of its file can show, only the runs of all the student's files
 * together, and why.
 */
const SHOWN_ONLY_TOGETHER: Record<string, string> = {
  'wrong-hand-static-aces':
    "a static shared by every Hand: a hand alone (every unit test's) counts right; the driver's two hands do not",
};

/** A copy of the C++ solution as a student hands it in (no Makefile, no README), with edits. */
function solutionWith(edits: Record<string, (source: string) => string> = {}): string {
  const dir = join(scratch(), 'submission');
  cpSync(SOLUTION, dir, { recursive: true });
  rmSync(join(dir, 'Makefile'));
  rmSync(join(dir, 'README.md'));
  for (const [file, edit] of Object.entries(edits))
    writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
  return dir;
}

describe.skipIf(!gpp)(gpp ? 'C++ submissions' : 'C++ submissions (skipped: g++ is not on PATH)', () => {
  it('pitboss check graders/classic/solution-cpp gives full marks, graded as C++ with the same test ids', async () => {
    const cpp = await pitbossHere(['check', SOLUTION, '--format', 'json']);
    const ts = await pitbossHere(['check', TS_CORRECT, '--format', 'json', '--only', ...IMPLEMENTATION]);
    const report = json<Report>(cpp);
    expect(cpp.status).toBe(0);
    expect(report.language).toBe('cpp');
    expect(report.score).toBe(report.maxScore);
    expect(report.parts.map((part) => part.file)).toEqual([
      'deck.cpp',
      'hand.cpp',
      'player.cpp',
      'blackjack.cpp',
      'all files',
      'your tests',
    ]);
    // The same tests as a TypeScript submission's: one rubric, one gradebook.
    const ids = (run: Run, kind: string) =>
      json<Report>(run)
        .tests.filter((test) => test.kind === kind)
        .map((test) => test.id);
    expect(ids(cpp, 'unit')).toEqual(ids(ts, 'unit'));
    expect(ids(cpp, 'transcript')).toEqual(ids(ts, 'transcript'));
  }, 300_000);

  describe('the C++ fixtures, graded in one batch', () => {
    let reports: Report[] = [];
    beforeAll(async () => {
      const names = [...fixtures('correct-'), ...fixtures('wrong-')];
      const run = await pitbossHere([
        'grade',
        ...names.map((name) => join(FIXTURES, name)),
        '--format',
        'json',
        '--only',
        ...IMPLEMENTATION,
      ]);
      reports = json<Report[]>(run);
    }, 900_000);

    it.each(fixtures('correct-'))('%s gets full marks', (name) => {
      const report = reports.find((r) => r.submission.name === name)!;
      expect(report.tests.filter((test) => test.status !== 'passed')).toEqual([]);
      expect(report.score).toBe(report.maxScore);
    });

    it.each(fixtures('wrong-'))('%s loses points in the file at fault, and only there', (name) => {
      const report = reports.find((r) => r.submission.name === name)!;
      const file = atFault(name);
      const lost = report.tests.filter((test) => test.status !== 'passed');
      expect(lost.length).toBeGreaterThan(0);
      expect(
        lost.some((test) => test.file === (SHOWN_ONLY_TOGETHER[name] === undefined ? file : 'all files')),
      ).toBe(true);
      // Its other files, each with the reference's, keep full marks; only the runs of all its files
      // together may also show the fault.
      expect(
        [...new Set(lost.map((test) => test.file))].filter((f) => f !== file && f !== 'all files'),
      ).toEqual([]);
    });
  });

  it('tells compiler errors and warnings by file and line in every format; the file loses its own tests only', async () => {
    const dir = solutionWith({
      'deck.cpp': (source) =>
        source.replace('void Deck::reset() {\n', 'void Deck::reset() {\n    undefinedThing();\n'),
      'hand.cpp': (source) =>
        source.replace('void Hand::discardAll() {\n', 'void Hand::discardAll() {\n    int unused = 3;\n'),
    });
    const line = (file: string, text: string) =>
      readFileSync(join(dir, file), 'utf8')
        .split('\n')
        .findIndex((each) => each.includes(text)) + 1;
    const errorLine = line('deck.cpp', 'undefinedThing');
    const warningLine = line('hand.cpp', 'int unused');
    const run = await pitbossHere(['check', dir, '--format', 'json', '--only', ...IMPLEMENTATION]);
    const report = json<Report>(run);
    expect(report.compiler?.problems).toEqual([
      expect.objectContaining({ file: 'deck.cpp', line: errorLine, severity: 'error' }),
      expect.objectContaining({
        file: 'hand.cpp',
        line: warningLine,
        severity: 'warning',
        option: '-Wunused-variable',
      }),
    ]);
    const lostFiles = new Set(
      report.tests.filter((test) => test.status !== 'passed').map((test) => test.file),
    );
    expect(lostFiles).toEqual(new Set(['deck.cpp', 'all files']));
    expect(
      report.tests.filter((test) => test.file === 'deck.cpp').every((test) => test.status === 'load-error'),
    ).toBe(true);
    const said = `deck.cpp:${errorLine}:`;
    for (const format of ['human', 'junit', 'gradescope', 'html']) {
      const out = await pitbossHere(['check', dir, '--format', format, '--only', ...IMPLEMENTATION]);
      expect(out.stdout, format).toContain(said);
      expect(out.stdout, format).toContain(`hand.cpp:${warningLine}:`);
    }
  }, 300_000);

  it('init --language cpp writes a starter that builds without a warning and fails every test it has not written', async () => {
    const dir = join(scratch(), 'starter');
    const init = await pitbossHere(['init', dir, '--language', 'cpp']);
    expect(init.status).toBe(0);
    expect(readdirSync(dir)).toEqual(
      expect.arrayContaining([
        'Makefile',
        'deck.cpp',
        'deck.h',
        'card.cpp',
        'rand.cpp',
        'blackjack.cpp',
        'tests',
        'README.md',
        'pitboss.json',
        '.gitignore',
      ]),
    );
    // The folder says what it is, as every other starter's does, so a check needs no --language.
    expect(JSON.parse(readFileSync(join(dir, 'pitboss.json'), 'utf8'))).toEqual({
      assignment: 'classic',
      language: 'cpp',
    });
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain('make test');
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toMatch(/^\*\.o$/m);
    const run = await pitbossHere(['check', dir, '--format', 'json', '--only', 'deck.']);
    const report = json<Report>(run);
    expect(run.status).toBe(1);
    expect(report.language).toBe('cpp');
    expect(report.compiler?.problems ?? []).toEqual([]);
    expect(report.tests.every((test) => test.status === 'runtime-error')).toBe(true);
    expect(report.tests[0]?.message).toContain('Deck::');
    expect(report.tests[0]?.message).toContain('is not implemented');
  }, 300_000);

  it("--only takes the C++ edition's file names, as --only deck.ts does TypeScript's; another is refused with them", async () => {
    const run = await pitbossHere(['check', SOLUTION, '--only', 'deck.cpp', 'hand.cpp']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^ +(\d+)\/\1 +deck\.cpp$/m);
    expect(run.stdout).toMatch(/^ +(\d+)\/\1 +hand\.cpp$/m);
    expect(run.stdout).not.toMatch(/player\.cpp|blackjack\.cpp|transcript/);
    const ts = await pitbossHere(['check', SOLUTION, '--only', 'deck.ts']);
    expect(ts).toEqual({
      status: 2,
      stdout: '',
      stderr:
        'pitboss: --only deck.ts matches no test (a prefix of a file or an id: deck.cpp, deck., hand.cpp, hand., player.cpp, player., blackjack.cpp, transcript., all files, your tests, mutant.)\n',
    });
    // And the other way round: a TypeScript submission's list is its own.
    expect((await pitbossHere(['check', TS_CORRECT, '--only', 'deck.cpp'])).stderr).toContain(
      'deck.ts, deck., hand.ts',
    );
  }, 300_000);

  it("grades a student's C++ tests: each counts when it passes on the reference and every correct implementation", async () => {
    const run = await pitbossHere([
      'check',
      join(FIXTURES, 'correct-tested'),
      '--format',
      'json',
      '--only',
      'mutant.',
    ]);
    const report = json<Report>(run);
    const cases = report.studentTests.cases;
    expect(cases).toHaveLength(10);
    expect(cases.every((c) => c.valid)).toBe(true);
    expect(report.studentTests.exposed).toBeGreaterThanOrEqual(10);
    const exposed = report.tests.find((test) => test.status === 'passed' && test.kind === 'mutant');
    expect(exposed?.message).toMatch(/^exposed by tests\/\w+\.cpp > \w+/);
  }, 300_000);

  it('a test that recognises the implementation rather than testing behaviour exposes nothing', async () => {
    // Each sniffs what a run loads: whether all its libraries lie in one folder (a mutant's would not,
    // were only its own library swapped in), and whether a reference to compare its deck with is there.
    const dir = solutionWith();
    rmSync(join(dir, 'tests'), { recursive: true });
    mkdirSync(join(dir, 'tests'));
    writeFileSync(
      join(dir, 'tests/sniffs_layout.cpp'),
      `#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
// Passes only when every library it links lies in the first folder the loader searches.
int main() {
    const char *path = std::getenv("LD_LIBRARY_PATH");
    if (path == nullptr) return 1;
    std::string first(path);
    first = first.substr(0, first.find(':'));
    for (const char *library : {"libdeck.so", "libhand.so", "libplayer.so"})
        if (access((first + "/" + library).c_str(), R_OK) != 0) return 1;
    return 0;
}
`,
    );
    writeFileSync(
      join(dir, 'tests/sniffs_reference.cpp'),
      `#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
// Passes only when its deck is byte for byte a deck found in any other folder the loader searches.
static std::string bytes(const std::string &path) {
    std::string out;
    std::FILE *file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) return out;
    char buffer[65536];
    for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, file)) > 0;) out.append(buffer, got);
    std::fclose(file);
    return out;
}
int main() {
    const char *path = std::getenv("LD_LIBRARY_PATH");
    if (path == nullptr) return 1;
    const std::string folders(path);
    const std::string::size_type colon = folders.find(':');
    if (colon == std::string::npos) return 1;
    const std::string mine = bytes(folders.substr(0, colon) + "/libdeck.so");
    return !mine.empty() && mine == bytes(folders.substr(colon + 1) + "/libdeck.so") ? 0 : 1;
}
`,
    );
    const report = json<Report>(await pitbossHere(['check', dir, '--format', 'json', '--only', 'mutant.']));
    const sniffers = ['tests/sniffs_layout.cpp', 'tests/sniffs_reference.cpp'];
    expect(report.studentTests.cases.map((c) => c.file).sort()).toEqual(sniffers);
    expect(report.studentTests.exposed).toBe(0);
    for (const test of report.tests) expect(test.mutant?.killedBy ?? []).toEqual([]);
    expect(report.studentTests.cases.find((c) => c.file === 'tests/sniffs_reference.cpp')?.valid).toBe(false);
  }, 300_000);

  it('a test that tells variants apart by how their files were built, or by chance, exposes nothing', async () => {
    const dir = solutionWith();
    rmSync(join(dir, 'tests'), { recursive: true });
    mkdirSync(join(dir, 'tests'));
    // A mutant's folder was its reference's libraries copied at once and one rebuilt; the reference's
    // were built one by one. Before each run had a folder of its own this exposed every mutant.
    writeFileSync(
      join(dir, 'tests/sniffs_build_times.cpp'),
      `#include <cstdlib>
#include <string>
#include <sys/stat.h>
static long long written(const std::string &name) {
    struct stat s;
    const char *path = std::getenv("LD_LIBRARY_PATH");
    if (path == nullptr || stat((std::string(path) + "/" + name).c_str(), &s) != 0) return 0;
    return (long long)s.st_mtim.tv_sec * 1000000000LL + s.st_mtim.tv_nsec;
}
int main() {
    const char *names[] = {"libdeck.so", "libhand.so", "libplayer.so", "libprovided.so"};
    long long at[4];
    for (int i = 0; i < 4; i++) at[i] = written(names[i]);
    int together = 0;
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            if (at[i] - at[j] < 5000000LL && at[j] - at[i] < 5000000LL) together++;
    return together >= 2 && together < 6 ? 1 : 0;
}
`,
    );
    // Coins from the clocks, std::random_device, /dev/urandom and an address: seeded, each gives the
    // same answer on every run, so it is never flaky (it passes everywhere or fails on the reference).
    const seededCoins: Record<string, string> = {
      clock: 'unsigned(std::time(nullptr) ^ std::chrono::steady_clock::now().time_since_epoch().count())',
      device: 'std::random_device{}()',
      urandom:
        '[] { unsigned u = 0; std::FILE *f = std::fopen("/dev/urandom", "rb"); if (f) { std::fread(&u, sizeof u, 1, f); std::fclose(f); } return u; }()',
      address: '[] { int here = 0; return unsigned(reinterpret_cast<std::uintptr_t>(&here) >> 4); }()',
    };
    for (const [name, coin] of Object.entries(seededCoins))
      writeFileSync(
        join(dir, `tests/coin_${name}.cpp`),
        `#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <random>
int main() { return (${coin}) & 1 ? 1 : 0; }
`,
      );
    // The processor's own random numbers cannot be seeded: such a test changes its answer, and earns nothing.
    for (const n of [1, 2, 3, 4, 5, 6])
      writeFileSync(
        join(dir, `tests/coin_rdrand_${n}.cpp`),
        `#include <immintrin.h>
__attribute__((target("rdrnd"))) static unsigned coin() { unsigned v = 0; _rdrand32_step(&v); return v; }
int main() { return coin() & 1 ? 1 : 0; }
`,
      );
    const report = json<Report>(await pitbossHere(['check', dir, '--format', 'json', '--only', 'mutant.']));
    expect(report.studentTests.cases).toHaveLength(11);
    expect(report.studentTests.exposed).toBe(0);
    for (const test of report.tests) expect(test.mutant?.killedBy ?? []).toEqual([]);
    for (const name of Object.keys(seededCoins)) {
      const verdict = report.studentTests.cases.find((c) => c.file === `tests/coin_${name}.cpp`);
      expect(verdict?.valid === true || /fails on the reference/.test(verdict?.reason ?? '')).toBe(true);
    }
  }, 300_000);

  it("a driver linked with the reference's files finds in its own bytes no name of the reference's own", async () => {
    // Before playing, it looks through its own program's bytes for names the reference gives its own
    // helpers, player classes and files, and prints a line for each it finds: in a linked run, that
    // program holds the reference's deck, hand and player (this student's classes are `Simple` and
    // `Counting`). Every case passes only if no run found any.
    const dir = join(scratch(), 'submission');
    cpSync(join(FIXTURES, 'correct-course-style'), dir, { recursive: true });
    const driver = join(dir, 'blackjack.cpp');
    writeFileSync(
      driver,
      readFileSync(driver, 'utf8').replace(
        'int main(int argc, char *argv[])\n{',
        `#include <fstream>
#include <iterator>
static void lookThroughSelf() {
    std::ifstream self("/proc/self/exe", std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(self)), std::istreambuf_iterator<char>());
    // Spelled backwards, so that the program's own bytes do not hold the names it looks for.
    const char *backwards[] = {"kceDnepo", "neewteBswohs", "reyalPelpmiS", "reyalPgnitnuoC", "ppc.kced", "ppc.dnah", "ppc.reyalp"};
    for (const char *written : backwards) {
        const std::string spelled(written);
        const std::string name(spelled.rbegin(), spelled.rend());
        if (bytes.find(name) != std::string::npos) std::cout << "found " << name << std::endl;
    }
}
int main(int argc, char *argv[])
{
    lookThroughSelf();`,
      ),
    );
    const report = json<Report>(
      await pitbossHere(['check', dir, '--format', 'json', '--only', 'transcript.course']),
    );
    const transcripts = report.tests.filter((test) => test.kind === 'transcript');
    expect(transcripts.some((test) => test.transcript?.linking === 'linked')).toBe(true);
    expect(transcripts.filter((test) => test.status !== 'passed').map((test) => test.id)).toEqual([]);
  }, 300_000);

  it("a student's test reading the libraries it loads finds only the contract's names, never the reference's own", async () => {
    const dir = solutionWith();
    rmSync(join(dir, 'tests'), { recursive: true });
    mkdirSync(join(dir, 'tests'));
    // Passes only when no library it loads holds a name the reference gave its own classes and
    // helpers (spelled backwards, so that the test's own bytes do not hold them).
    writeFileSync(
      join(dir, 'tests/reads_libraries.cpp'),
      `#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
int main() {
    const char *folder = std::getenv("LD_LIBRARY_PATH");
    if (folder == nullptr) return 1;
    const char *libraries[] = {"libdeck.so", "libhand.so", "libplayer.so"};
    const char *backwards[] = {"reyalPelpmiS", "reyalPgnitnuoC", "neewteBswohs", "kceDnepo"};
    for (const char *library : libraries) {
        std::ifstream file(std::string(folder) + "/" + library, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
        if (bytes.empty()) return 1;
        for (const char *written : backwards) {
            const std::string spelled(written);
            if (bytes.find(std::string(spelled.rbegin(), spelled.rend())) != std::string::npos) return 1;
        }
    }
    return 0;
}
`,
    );
    const report = json<Report>(await pitbossHere(['check', dir, '--format', 'json', '--only', 'mutant.']));
    expect(report.studentTests.cases).toEqual([
      { file: 'tests/reads_libraries.cpp', position: '1', name: 'reads_libraries', valid: true },
    ]);
    expect(report.studentTests.exposed).toBe(0);
  }, 300_000);

  it('refuses to grade C++ where bubblewrap cannot run (no permission model holds a compiled program)', () => {
    const run = pitboss(['check', SOLUTION, '--format', 'json'], { PITBOSS_DISABLE_LAYERS: 'bwrap' });
    expect(run.status).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('C++ submissions are graded only inside bubblewrap');
  });

  it("grades a class mixing TypeScript and C++ in one run, with one gradebook, each row's language and why a maximum differs", async () => {
    const root = scratch();
    const klass = join(root, 'class');
    cpSync(TS_CORRECT, join(klass, 'alice'), { recursive: true });
    cpSync(solutionWith(), join(klass, 'bob'), { recursive: true });
    cpSync(join(FIXTURES, 'wrong-shuffle-left-first'), join(klass, 'carol'), { recursive: true });
    const out = join(root, 'out');
    // The one private mutant the C++ catalogue omits (a hand.cpp keeps no Aces): worth 0.5 in TS only.
    const omitted = 'mutant.private.hand.hard-with-ace-is-soft';
    const run = await pitbossHere(['grade', klass, '--out', out, '--only', ...IMPLEMENTATION, omitted]);
    expect(run.status).toBe(1);
    const gradebook = readFileSync(join(out, 'gradebook.csv'), 'utf8').trim().split('\n');
    expect(gradebook[0]).toBe(
      'submission,deck.ts / deck.cpp,hand.ts / hand.cpp,player.ts / player.cpp,blackjack.ts / blackjack.cpp,all files,your tests,total,max,transcripts: game (of blackjack.ts / blackjack.cpp and all files),transcripts: format (of blackjack.ts / blackjack.cpp and all files)',
    );
    expect(gradebook.slice(1).map((row) => row.split(',')[0])).toEqual(['alice', 'bob', 'carol']);
    const [alice, bob, carol] = gradebook.slice(1).map((row) => row.split(',').map(Number));
    const [total, max] = [7, 8];
    // The TypeScript row is out of the mutant's 0.5 more; its part columns sum to its total.
    expect(alice![max]! - bob![max]!).toBe(0.5);
    expect(bob![max]).toBe(carol![max]);
    for (const row of [alice!, bob!, carol!])
      expect(row.slice(1, total).reduce((sum, part) => sum + part, 0)).toBeCloseTo(row[total]!, 5);
    expect(Number(carol![total])).toBeLessThan(Number(carol![max]));
    expect(Number(carol![1])).toBeLessThan(24);

    const batch = JSON.parse(readFileSync(join(out, 'pitboss-batch.json'), 'utf8'));
    expect(batch.summary.editions).toEqual([
      { language: 'ts', label: 'TS', submissions: 1, maxScore: alice![max] },
      {
        language: 'cpp',
        label: 'C++',
        submissions: 2,
        maxScore: bob![max],
        comparedWith: {
          language: 'ts',
          maxScore: alice![max],
          differences: [
            {
              id: omitted,
              name: expect.stringContaining('hand.hard-with-ace-is-soft'),
              part: 'your tests',
              points: 0,
              otherPoints: 0.5,
            },
          ],
        },
      },
    ]);
    const page = readFileSync(join(out, 'index.html'), 'utf8');
    expect(page).toMatch(/<a href="instructor\/alice\.html">alice<\/a><\/td><td>TS<\/td>/);
    expect(page).toMatch(/<a href="instructor\/bob\.html">bob<\/a><\/td><td>C\+\+<\/td>/);
    expect(page).toContain(
      `C++ submissions are out of ${bob![max]}, 0.5 points less than TS submissions (${alice![max]}): the C++ edition has no test <code>${omitted}</code> of the part <em>your tests</em>`,
    );
  }, 900_000);
});

describe.skipIf(!gpp)(
  "pitboss mutants --language cpp (the C++ edition's self-check)",
  () => {
    let run: Run;
    beforeAll(async () => {
      run = await pitbossHere(['mutants', '--language', 'cpp']);
      // About 4 minutes on a loaded 2-core machine: every C++ mutant and fixture built and graded.
    }, 1_200_000);

    it('catches every C++ mutant with a test about the file it changed, and judges every C++ fixture right', () => {
      expect(run.stdout).toContain('The grader catches every mutant and judges every fixture right.');
      expect(run.status).toBe(0);
      const rows = run.stdout.split('\n').filter((line) => /^(deck|hand|player|blackjack)\./.test(line));
      expect(rows.length).toBeGreaterThanOrEqual(80);
      expect(rows.every((line) => line.endsWith('yes'))).toBe(true);
      for (const name of [...fixtures('correct-'), ...fixtures('wrong-')])
        expect(run.stdout).toMatch(new RegExp(`ok +${name} `));
    });

    it('refuses a language the assignment is not taught in', async () => {
      const refused = await pitbossHere(['mutants', '--language', 'rust']);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain("classic has no edition in 'rust' (it has: ts, cpp)");
    });
  },
  1_200_000,
);
