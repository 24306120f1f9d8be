// The mutant catalogue where no solution is at hand (the student tool's copy of an assignment): an
// empty part reads as no mutants; a part with mutants says that they need the solution.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAssignment } from '../../src/assignment/load.ts';
import { readCatalogue } from '../../src/mutants/catalogue.ts';
import { scratch } from '../support.ts';

describe('the mutant catalogue without a solution', () => {
  it('reads an empty part as no mutants, and refuses a part that holds some', async () => {
    const assignment = await loadAssignment('classic');
    const dir = scratch();
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '{ "mutants": [] }\n');
    const tool = { ...assignment, solutionDir: undefined, mutantsFile: empty };
    expect(readCatalogue(tool)).toEqual([]);
    expect(() => readCatalogue({ ...tool, mutantsFile: assignment.mutantsFile })).toThrow(
      /holds no reference solution/,
    );
  });
});
