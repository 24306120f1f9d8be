// A whole program's build failure in one line (3-sandbox/native/whole.ts), from what g++ and make say
// (LC_ALL=C, as the sandbox runs them): a library the course's machines had (X11, ncurses), a standard
// header an older compiler included implicitly, else the first error; and which edition a folder of
// C++ of the student's own design is graded by.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { editionFor } from '../../src/1-submission/submission.ts';
import { buildFailure, readTextDiagnostics } from '../../src/3-sandbox/native/whole.ts';
import { loadAssignment } from '../../src/assignment/load.ts';

const folder = mkdtempSync(join(tmpdir(), 'whole-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('a whole program whose build fails', () => {
  it('needs X11 or ncurses: says so, with the line that includes it or the library it links', () => {
    expect(
      buildFailure(
        `g++ -std=c++14 -c -o view.o view.cc\n${folder}/view.cc:3:10: fatal error: X11/Xlib.h: No such file or directory\n    3 | #include <X11/Xlib.h>\ncompilation terminated.\nmake: *** [<builtin>: view.o] Error 1\n`,
        folder,
      ),
    ).toBe(
      "needs X11 (view.cc:3:10: #include <X11/Xlib.h>), a library the course's machines had and the grader's do not: the graded program must build without it (leave the graphical display out of the build, or behind a make target of its own)",
    );
    expect(
      buildFailure(
        '/usr/bin/ld: cannot find -lncurses: No such file or directory\ncollect2: error: ld returned 1 exit status\n',
        folder,
      ),
    ).toMatch(/^needs ncurses \(-lncurses\), a library the course's machines had/);
    expect(buildFailure('main.cc:1:10: fatal error: ncurses.h: No such file or directory\n', folder)).toMatch(
      /^needs ncurses \(main\.cc:1:10: #include <ncurses\.h>\)/,
    );
  });

  it('uses a standard name without its header: names the name, the header and the line', () => {
    writeFileSync(join(folder, 'deck.cc'), '#include <vector>\n#include <random>\n');
    expect(
      buildFailure(
        `deck.cc:12:8: error: 'shuffle' is not a member of 'std'\n   12 |   std::shuffle(a, b, rng);\n`,
        folder,
      ),
    ).toBe(
      'does not compile: deck.cc:12:8: std::shuffle is used without #include <algorithm> (an older compiler included it through another header; g++ does not: add the #include)',
    );
    expect(buildFailure(`deck.cc:3:3: error: 'setw' was not declared in this scope\n`, folder)).toMatch(
      /std::setw is used without #include <iomanip>/,
    );
    // g++'s own note, for the names it knows the header of.
    expect(
      buildFailure(
        "deck.cc:4:8: error: 'cout' is not a member of 'std'\ndeck.cc:4:8: note: 'std::cout' is defined in header '<iostream>'; did you forget to '#include <iostream>'?\n",
        folder,
      ),
    ).toBe(
      'does not compile: deck.cc:4:8: std::cout is used without #include <iostream> (an older compiler included it through another header; g++ does not: add the #include)',
    );
  });

  it('does not blame a header the file includes, and otherwise tells the first error', () => {
    writeFileSync(join(folder, 'game.cc'), '#include <algorithm>\n');
    expect(
      buildFailure(
        "game.cc:9:5: error: no matching function for call to 'find(int, int)'\ngame.cc:10:1: error: expected ';' before '}' token\n",
        folder,
      ),
    ).toBe("does not compile: game.cc:9:5: no matching function for call to 'find(int, int)'");
    expect(
      buildFailure(
        "/usr/bin/ld: main.o: in function `main':\nmain.cc:(.text+0x1d): undefined reference to `Game::play()'\n",
        folder,
      ),
    ).toBe("does not link: undefined reference to `Game::play()'");
    // make's own words are not the compiler's about the student's files: never shown.
    expect(buildFailure('make: *** No targets specified and no makefile found.  Stop.\n', folder)).toBe(
      'does not build: the build failed without an error of the compiler about one of your files',
    );
  });

  it("lists g++'s problems by file and line, the stage's folder taken off", () => {
    expect(
      readTextDiagnostics(
        `${folder}/src/a.cc:2:3: warning: unused variable 'x' [-Wunused-variable]\n`,
        folder,
      ),
    ).toEqual([
      {
        file: 'src/a.cc',
        line: 2,
        column: 3,
        severity: 'warning',
        message: "unused variable 'x' [-Wunused-variable]",
      },
    ]);
  });
});

describe('a folder of C++ of its own design', () => {
  it('is graded by the C++ edition of Straights, with a Makefile or sources and no pitboss.json', async () => {
    const straights = await loadAssignment('straights');
    const dir = mkdtempSync(join(folder, 'sub-'));
    expect(editionFor(straights, dir)).toBe(straights);
    writeFileSync(join(dir, 'Makefile'), 'straights:\n');
    expect(editionFor(straights, dir).native?.wholeProgram?.program).toBe('straights');
    const typescript = mkdtempSync(join(folder, 'ts-'));
    writeFileSync(join(typescript, 'straights.ts'), '');
    writeFileSync(join(typescript, 'Makefile'), '');
    expect(editionFor(straights, typescript)).toBe(straights);
  });
});

describe("a whole program's Makefile", () => {
  it("runs in the sandbox: it cannot read the grader's reference into the program it builds", () => {
    const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
    const reference = here('../../../../graders/straights/solution-cpp/game.cc');
    const secret = readFileSync(reference).subarray(0, 60).toString('base64');
    const dir = mkdtempSync(join(folder, 'hostile-'));
    writeFileSync(
      join(dir, 'Makefile'),
      `straights: main.cc\n\tprintf '#define LEAK "%s"\\n' "$$(head -c 60 ${reference} | base64 -w0)" > leak.h\n\tg++ -std=c++14 main.cc -o straights\n`,
    );
    writeFileSync(
      join(dir, 'main.cc'),
      '#include <iostream>\n#include "leak.h"\nint main() { std::cout << "leak:" << LEAK << "\\n"; }\n',
    );
    writeFileSync(join(dir, 'pitboss.json'), '{ "assignment": "straights", "language": "cpp" }\n');
    const run = spawnSync(
      process.execPath,
      [
        here('../../bin/pitboss.mjs'),
        'grade',
        dir,
        '--assignment',
        'straights',
        '--format',
        'json',
        '--only',
        'transcript.course.own:1_',
      ],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
    const report = JSON.parse(run.stdout) as { tests: { status: string; message?: string }[] };
    expect(report.tests).toHaveLength(1);
    // The format's part tells the first differing line (the game's part, before it, says the game differs).
    expect(report.tests[0]!.message).toMatch(
      /line 1 differs: expected "Is Player1 a human \(h\) or a computer \(c\)\?", got "leak:"/,
    );
    expect(run.stdout).not.toContain(secret);
  }, 120_000);
});
