// What a grading run is asked to do: its mode, limits, places and the tests it is about; every
// phase reads these.

import type { LimitFunction } from 'p-limit';
import type { Submission } from '../1-submission/submission.ts';
import type { PlannedTest } from '../2-plan/plan.ts';
import type { IsolateSandbox, TakenHosts } from '../3-sandbox/door.ts';
import type { Limits } from '../kit/assignment.ts';
import type { Keeping } from './keep.ts';

export interface Replay {
  id: string;
  seed: number;
  path: string;
}

export interface GradeOptions {
  mode: 'check' | 'grade';
  /** A temporary folder for this run's compiled files. */
  workRoot: string;
  /** Bounds how many student processes run at once, across every submission of a batch. */
  limiter: LimitFunction;
  limits: Limits;
  replay?: Replay | undefined;
  /** Processes one submission's students' tests may use at once. */
  jobs?: number | undefined;
  /** Only tests whose id or file begins with one of these. */
  only?: readonly string[] | undefined;
  /** For the grader's own use: only the tests this accepts. */
  filter?: ((test: PlannedTest) => boolean) | undefined;
  /** A run of chosen tests that checks the types all the same (watch's rerun of what a save changed). */
  typesToo?: boolean | undefined;
  /** The folder as already read (readSubmission): a batch reads each submission once. */
  submission?: Submission | undefined;
  /** The instructor's private part (`--private`): its wheats/ judge students' tests too. */
  privateDir?: string | undefined;
  /** check --keep: each failing visible test's case, collected to be written as a student's test. */
  keep?: Keeping | undefined;
  /** The submission's isolate host (3-sandbox/isolate): every JavaScript run of it, each a fresh isolate. */
  sandbox?: IsolateSandbox | undefined;
  /** The most isolate hosts the submission's runs use at once: the limiter's places by default. */
  hosts?: number | undefined;
  /** Hosts a watch started for this grade of its folder, and the work folder they run in (spare-hosts.ts). */
  spare?: TakenHosts | undefined;
}

export const formatReplay = (replay: Replay): string => `${replay.id}@${replay.seed}:${replay.path}`;
