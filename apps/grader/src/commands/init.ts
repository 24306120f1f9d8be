// `pitboss init <dir>`: a starter submission, written whole or not at all.
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { editionIn, loadAssignment } from '../assignment/load.ts';
import type { Assignment } from '../kit/assignment.ts';
import { EXIT_OK } from '../plumbing/errors.ts';
import { writeFolderWhole } from '../plumbing/files.ts';
import type { Io } from './io.ts';

export function initSubmission(assignment: Assignment, folder: string): string[] {
  return writeFolderWhole(folder, (draft) => {
    const written: string[] = [];
    for (const file of assignment.providedFiles) {
      copyFileSync(file.source, join(draft, file.name));
      written.push(file.name);
    }
    // A compiled edition's provided headers and sources: replaced by pristine copies when graded (a
    // whole program's handout files are its own).
    const native = assignment.native;
    for (const name of native === undefined ? [] : readdirSync(native.providedDir)) {
      copyFileSync(join(native!.providedDir, name), join(draft, name));
      written.push(name);
    }
    for (const file of assignment.studentFiles) {
      writeFileSync(join(draft, file.name), file.stub);
      written.push(file.name);
    }
    writeFileSync(join(draft, '.gitignore'), gitignore(assignment));
    written.push('.gitignore');
    for (const [path, text] of Object.entries(assignment.starterFiles)) {
      mkdirSync(dirname(join(draft, path)), { recursive: true });
      writeFileSync(join(draft, path), text);
      written.push(path);
    }
    return written.sort();
  });
}

/**
 * What a check and a build leave in a submission's folder and no one hands in: pitboss's kept runs
 * and type-check snapshot (.pitboss/), installed packages, a course CI's fixtures.txt, and a C++
 * build's objects and programs (tests/ keeps its sources).
 */
export function gitignore(assignment: Assignment): string {
  const lines = [
    '# Made by pitboss checks and by builds: never part of what you hand in.',
    '.pitboss/',
    'node_modules/',
    'fixtures.txt',
  ];
  if (assignment.native !== undefined) {
    const program = assignment.native.wholeProgram?.program ?? 'blackjack';
    lines.push('*.o', '*.d', '*.out', `/${program}`, `tests/*`, `!tests/*${assignment.studentTests.suffix}`);
  }
  return `${lines.join('\n')}\n`;
}

/** `pitboss init <dir>`: a starter submission of the assignment, and the command that checks it. */
export async function init(
  dir: string,
  flags: { assignment: string; language?: string | undefined },
  io: Io,
): Promise<number> {
  const assignment = editionIn(await loadAssignment(flags.assignment), flags.language);
  const written = initSubmission(assignment, dir);
  const language = assignment.native === undefined ? '' : ` ${assignment.native.title}`;
  io.stdout(`Wrote a ${assignment.name}${language} starter submission to ${dir}: ${written.join(', ')}\n`);
  const whole = assignment.native?.wholeProgram;
  if (whole !== undefined)
    io.stdout(
      `Build it with \`make\` (${assignment.native!.compiler}), as the grader does (without a Makefile: ${assignment.native!.compiler} ${whole.flags.join(' ')} on every source), and run it as ${whole.runLine ?? `./${whole.program} <seed> < input`}.\n`,
    );
  else if (assignment.native !== undefined)
    io.stdout(
      `Build it with \`make\` (${assignment.native.compiler}); \`make test\` runs your tests in tests/.\n`,
    );
  io.stdout(`Next: write the files, then run \`pnpm --silent pitboss check ${dir}\` from this folder.\n`);
  return EXIT_OK;
}
