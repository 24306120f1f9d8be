// Which of a submission's C++ tests are compiled at all: the example `pitboss init` handed out, left
// unchanged, earns nothing (as a TypeScript one, 4-phases/student-tests/compile.ts); and a tests folder past the
// limits no real one meets (3-sandbox/native/build.ts) is refused with a clear reason rather than built.

import type { Report } from '../../0-results/report.ts';
import type { Submission } from '../../1-submission/submission.ts';
import { MAX_SOURCES, sourceTooLarge } from '../../3-sandbox/door.ts';
import type { Assignment } from '../../kit/assignment.ts';

type StudentCase = Report['studentTests']['cases'][number];

/** The submission with only the tests to build in its snapshot, and a case for each test refused. */
export function screenNativeTests(
  assignment: Assignment,
  submission: Submission,
): { submission: Submission; refused: StudentCase[] } {
  const { folder, suffix } = assignment.studentTests;
  const { files } = submission.snapshot;
  // The same tests runNativeStudentTests takes: the folder's own files with the suffix.
  const isTest = (path: string) =>
    path.startsWith(`${folder}/`) && path.endsWith(suffix) && !path.slice(folder.length + 1).includes('/');
  const tests = [...files.keys()].filter(isTest).sort();
  const refused: StudentCase[] = [];
  const refuse = (file: string, reason: string) =>
    refused.push({ file, name: '(the whole file)', valid: false, reason });
  for (const path of tests) {
    const bytes = files.get(path)!;
    const tooLarge = sourceTooLarge(path, bytes.length);
    if (assignment.starterFiles[path] === bytes.toString('utf8'))
      refuse(path, 'it is the example from pitboss init, unchanged: only your own tests count');
    else if (tests.length > MAX_SOURCES)
      refuse(
        path,
        `it was not compiled: ${folder}/ holds ${tests.length} tests, more than the ${MAX_SOURCES} it may hold`,
      );
    else if (tooLarge !== undefined) refuse(path, tooLarge.slice(path.length + 1));
  }
  if (refused.length === 0) return { submission, refused };
  const out = new Set(refused.map((entry) => entry.file));
  const kept = new Map([...files].filter(([path]) => !out.has(path)));
  return { submission: { ...submission, snapshot: { ...submission.snapshot, files: kept } }, refused };
}
