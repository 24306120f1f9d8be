// `pitboss check [dir]`: a student's run. The visible tests, in the student's view.

import { runGrading } from './grading.ts';
import type { Io } from './io.ts';
import type { GradeFlags } from './run-plan.ts';

export const check = (dir: string, flags: GradeFlags, io: Io): Promise<number> =>
  runGrading('check', [dir], flags, io);
