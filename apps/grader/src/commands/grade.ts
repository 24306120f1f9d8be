// `pitboss grade <dirs...>`: an instructor's run. Every test, one result per submission; a class
// folder stands for each submission in it.

import { runGrading } from './grading.ts';
import type { Io } from './io.ts';
import type { GradeFlags } from './run-plan.ts';

export const grade = (dirs: string[], flags: GradeFlags, io: Io): Promise<number> =>
  runGrading('grade', dirs, flags, io);
