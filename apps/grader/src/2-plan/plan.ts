// The tests of an assignment, each with its points and visibility from the rubric.

import type { Hint, Visibility } from '../0-results/test.ts';
import {
  type Assignment,
  type TranscriptCase,
  type WholeProgram,
  wholeProgramRun,
} from '../kit/assignment.ts';
import type { Mutant } from '../mutants/catalogue.ts';
import { refuseQuotingHints } from './hints.ts';
import { applyRubric, type CallDeviations, type TranscriptWeights } from './rubric.ts';

/**
 * How a program's transcript is run: `linked` takes only the program from the student and the
 * reference for every other file (so a difference is the program's fault); `own` takes all the
 * student's files together.
 */
export type Linking = 'linked' | 'own';

export interface PlannedTest {
  id: string;
  name: string;
  /** The student file the test grades; `all files` for a transcript of the student's files together. */
  file: string;
  kind: 'unit' | 'transcript' | 'mutant';
  points: number;
  visibility: Visibility;
  seed: number;
  transcript?:
    | {
        case: TranscriptCase;
        linking: Linking;
        /** A linked run whose calls to the reference's files are checked, and what a deviation costs. */
        calls?: CallDeviations | undefined;
      }
    | undefined;
  mutant?: Mutant | undefined;
  /** The rubric's hint, shown when the test fails (hints.ts says when a student's check shows it). */
  hint?: Hint | undefined;
  /** A transcript of an assignment that reads game events: its points' shares for the game and the format. */
  parts?: TranscriptWeights | undefined;
}

/** Where mutant tests say they belong: the students' own tests. */
export const STUDENT_TESTS = 'your tests';

export const ALL_FILES = 'all files';

/** FNV-1a: a test's own seed from the assignment's seed and its id, the same on every machine. */
export function testSeed(seed: number, id: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (const char of id) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The seed the student tool's recorded cases are drawn with: another draw than the one graded. */
export const practiceSeed = (seed: number): number => testSeed(seed, 'student-tool practice');

/** Every test of an assignment, with the mutants students' own tests are graded against. */
export function planTests(
  assignment: Assignment,
  mutants: readonly Mutant[] = [],
  privateCases: readonly TranscriptCase[] = [],
): PlannedTest[] {
  const { program } = assignment.transcripts;
  const others = assignment.studentFiles.map((file) => file.name).filter((name) => name !== program);
  const drafts: Omit<PlannedTest, 'points' | 'visibility'>[] = [];
  for (const test of assignment.unitTests) {
    drafts.push({
      id: test.id,
      name: test.name,
      file: test.file,
      kind: 'unit',
      seed: testSeed(assignment.seed, test.id),
    });
  }
  for (const transcriptCase of [...assignment.transcripts.cases, ...privateCases]) {
    const { input } = transcriptCase;
    const command = `${program.replace(/\.ts$/, '')} ${transcriptCase.words.join(' ')}${input === undefined ? '' : ` < ${input}`}`;
    const key = [...transcriptCase.words, ...(input === undefined ? [] : [input])].join('_');
    for (const linking of assignment.transcripts.linkings ?? (['linked', 'own'] as const)) {
      const id = `transcript.${transcriptCase.group}.${linking}:${key}`;
      drafts.push({
        id,
        name:
          linking === 'linked'
            ? `${command} (your ${program} with the reference ${others.join(', ')})`
            : `${command} (all your files together)`,
        file: linking === 'linked' ? program : ALL_FILES,
        kind: 'transcript',
        seed: testSeed(assignment.seed, id),
        transcript: { case: transcriptCase, linking },
      });
    }
  }
  for (const mutant of mutants.filter((m) => assignment.studentTests.about.includes(m.file))) {
    const id = `mutant.${mutant.part}.${mutant.id}`;
    drafts.push({
      id,
      // A private mutant is named too: the student's view renames every test that is not visible.
      name: `Your tests expose ${mutant.id}: ${mutant.description}`,
      file: STUDENT_TESTS,
      kind: 'mutant',
      seed: testSeed(assignment.seed, id),
      mutant,
    });
  }
  const ids = drafts.map((draft) => draft.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate !== undefined) throw new Error(`two tests share the id ${duplicate}`);
  const rubric = applyRubric(assignment.rubricFile, ids);
  // With the private part at hand (grade, mutants), no hint may quote it.
  refuseQuotingHints(assignment, rubric.hintEntries, mutants, privateCases);
  const checksCalls = assignment.transcripts.calls !== undefined;
  return drafts.map((draft) => {
    const entry = rubric.byTest.get(draft.id)!;
    const transcript =
      draft.transcript?.linking === 'linked' && checksCalls
        ? { transcript: { ...draft.transcript, calls: rubric.calls } }
        : {};
    const hint = rubric.hints.get(draft.id);
    const parts =
      draft.kind === 'transcript' && assignment.transcripts.events !== undefined
        ? { parts: rubric.transcriptParts }
        : {};
    return {
      ...draft,
      ...transcript,
      ...parts,
      points: entry.points,
      visibility: entry.visibility,
      ...(hint === undefined ? {} : { hint }),
    };
  });
}

/**
 * A whole program's case named by the command it really runs, as the course ran the program
 * (`PITBOSS_SEED=3 ./Proj2.out Joe 100 Sally 200 < handout.in (your program)`, `./straights 1 < allc.in
 * (your program)`); a unit script, by the harness that calls the student's classes.
 */
function runLine(whole: WholeProgram, transcriptCase: TranscriptCase): string {
  const run = wholeProgramRun(whole, transcriptCase.words);
  const input = transcriptCase.input === undefined ? '' : ` < ${transcriptCase.input}`;
  if (run.program !== undefined && run.program === whole.harness?.program)
    return `your classes, called by the grader's harness${input}`;
  const env = Object.entries(run.env ?? {})
    .map(([name, value]) => `${name}=${value} `)
    .join('');
  return `${env}./${[run.program ?? whole.program, ...run.words].join(' ')}${input} (your program)`;
}

/**
 * The plan of an assignment's edition in another language (Assignment.languages): the same tests,
 * with the same ids, points and seeds, so one gradebook holds both; each file named as the edition
 * names it (`deck.ts` is `deck.cpp`, by its place in the contract).
 */
export function planForEdition(
  plan: readonly PlannedTest[],
  base: Assignment,
  edition: Assignment,
): readonly PlannedTest[] {
  if (edition === base) return plan;
  // A whole program of the student's own design has no contract's files: its transcripts alone, each
  // run once, as the course ran the program (no reference to link it with).
  if (edition.native?.wholeProgram !== undefined) {
    // The edition's own cases (its harness's unit tests), scored by its own rubric.
    const known = new Set(plan.map((test) => test.id));
    const own =
      edition.native.wholeProgram.harness === undefined
        ? []
        : planTests(edition).filter((test) => test.kind === 'transcript' && !known.has(test.id));
    const whole = edition.native.wholeProgram;
    return [...plan, ...own]
      .filter((test) => test.kind === 'transcript' && test.transcript?.linking === 'own')
      .map((test) => ({
        ...test,
        name: runLine(whole, test.transcript!.case),
        transcript: { case: test.transcript!.case, linking: 'own' as const },
      }));
  }
  const names = new Map(
    base.studentFiles.map((file, i) => [file.name, edition.studentFiles[i]?.name ?? file.name]),
  );
  const rename = (text: string) => text.replace(/[A-Za-z0-9_-]+\.ts\b/g, (name) => names.get(name) ?? name);
  return plan.map((test) => ({
    ...test,
    file: names.get(test.file) ?? test.file,
    // The command a transcript names stays the program's (`blackjack 100 3 simple`); its files are renamed.
    name: test.kind === 'mutant' ? test.name : rename(test.name),
    ...(test.mutant === undefined
      ? {}
      : { mutant: { ...test.mutant, file: names.get(test.mutant.file) ?? test.mutant.file } }),
    // An edition without the call check (its recorders are the assignment's language's) runs none.
    ...(test.transcript === undefined || edition.transcripts.calls !== undefined
      ? {}
      : { transcript: { case: test.transcript.case, linking: test.transcript.linking } }),
  }));
}
