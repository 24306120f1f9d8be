// Which folders a command line names: a submission, or a class folder standing for each submission in
// it (class/folders.ts). A whole program of the student's own design (Straights, `table` in C++) holds
// none of the contract's files, and is a student's submission all the same.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAssignment } from '../../src/assignment/load.ts';
import { expandFolders } from '../../src/class/folders.ts';
import { REPO_ROOT, scratch } from '../support.ts';

const FIXTURES = join(REPO_ROOT, 'fixtures/submissions');

describe('a class folder', () => {
  it('stands for each whole C++ program in it (a Makefile, or a C++ source at its top)', async () => {
    const straights = await loadAssignment('straights');
    const folder = join(scratch(), 'class');
    cpSync(join(FIXTURES, 'straights-cpp/correct-game-class'), join(folder, 'ada'), { recursive: true });
    cpSync(join(FIXTURES, 'straights-cpp/correct-procedural'), join(folder, 'grace'), { recursive: true });
    // A student who handed in only a source file, no Makefile and no pitboss.json.
    mkdirSync(join(folder, 'linus'));
    writeFileSync(join(folder, 'linus', 'main.cc'), 'int main() { return 0; }\n');
    const told: string[] = [];
    const named = expandFolders(straights, [folder], (text) => told.push(text), undefined);
    expect(named).toEqual(['ada', 'grace', 'linus'].map((name) => join(folder, name)));
    expect(told).toEqual([`pitboss: ${folder} holds 3 submissions\n`]);
    // The program's own folder is one submission, not a class of its source folders.
    expect(expandFolders(straights, [join(folder, 'ada')], () => {}, undefined)).toEqual([
      join(folder, 'ada'),
    ]);
  });

  it('of an assignment without whole programs holds none: a folder of C++ sources is no classic submission, but a row of its own in the class, never the class as one', async () => {
    const classic = await loadAssignment('classic');
    const folder = join(scratch(), 'class');
    mkdirSync(join(folder, 'linus'), { recursive: true });
    writeFileSync(join(folder, 'linus', 'main.cc'), 'int main() { return 0; }\n');
    const told: string[] = [];
    expect(expandFolders(classic, [folder], (text) => told.push(text), undefined)).toEqual([
      join(folder, 'linus'),
    ]);
    expect(told).toEqual([`pitboss: ${folder} holds 1 folder, not a submission\n`]);
    // linus's own folder holds code: one submission (with its verdict), not a class.
    expect(expandFolders(classic, [join(folder, 'linus')], () => {}, undefined)).toEqual([
      join(folder, 'linus'),
    ]);
  });
});
