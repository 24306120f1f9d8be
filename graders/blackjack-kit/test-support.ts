// What every edition's own tests check of its assignment, with vitest's expect.
import type { Assignment } from '@pitboss/grader/kit';
import { expect } from 'vitest';

/** Every unit test grades one of the student files, its id begins with that file's name, and no two share an id. */
export function expectTestsOfStudentFiles(assignment: Assignment): void {
  const files = new Set(assignment.studentFiles.map((file) => file.name));
  const ids = assignment.unitTests.map((test) => test.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const test of assignment.unitTests) {
    expect(files.has(test.file)).toBe(true);
    expect(test.id.startsWith(test.file.replace('.ts', '.'))).toBe(true);
  }
}
