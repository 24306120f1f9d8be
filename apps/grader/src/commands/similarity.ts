// `pitboss similarity <class> --out <dir>`: for staff only, which submissions of a class are alike in
// their code (and, given a grade run's results, in how they fail). Writes similarity.html and
// similarity.json into <dir>; it reads the class and the results, and grades nothing.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CodeLanguage, SimilarityReport } from '../0-results/similarity.ts';
import { editionOf, editionsOf, readSubmission, type Submission } from '../1-submission/submission.ts';
import { terminalLine } from '../6-reports/human.ts';
import { renderSimilarityHtml } from '../6-reports/similarity.ts';
import { chooseAssignment } from '../assignment/choose.ts';
import { loadAssignment } from '../assignment/load.ts';
import { expandFolders, outputNames } from '../class/folders.ts';
import { readBatch } from '../class/merge.ts';
import {
  codeOf,
  cppTokenizer,
  groupBehaviour,
  languageOf,
  mergePairs,
  rankPairs,
  SIZES,
  starterCode,
  type Tokenizer,
  tokenize,
} from '../class/similarity.ts';
import type { Assignment } from '../kit/assignment.ts';
import { EXIT_INFRASTRUCTURE, EXIT_OK, PitbossError } from '../plumbing/errors.ts';
import { writeFileWhole } from '../plumbing/files.ts';
import type { Io } from './io.ts';

export const SIMILARITY_PAGE = 'similarity.html';
export const SIMILARITY_DATA = 'similarity.json';

export interface SimilarityFlags {
  assignment?: string | undefined;
  out: string;
  /** A `grade --out` folder of the same class: its results give the behavioural layer. */
  results?: string | undefined;
}

/** The similarity report of the class in `classDir`. */
export async function similarityReport(
  classDir: string,
  flags: Omit<SimilarityFlags, 'out'> & { out?: string | undefined },
  io: Io,
): Promise<SimilarityReport> {
  if (!existsSync(classDir) || !statSync(classDir).isDirectory())
    throw new PitbossError('NO_SUCH_FOLDER', `no such folder: ${classDir}`);
  const assignment = await loadAssignment(chooseAssignment('grade', flags.assignment, [classDir]));
  // The results are read (and checked) before anything is compared or written.
  const batch = flags.results === undefined ? undefined : readBatch(flags.results);
  if (batch !== undefined && batch.run.assignment !== assignment.name)
    throw new PitbossError(
      'USAGE',
      `${flags.results} holds results of ${batch.run.assignment}, not ${assignment.name}: give the --out folder of a grade run of this class`,
    );
  const folders = expandFolders(assignment, [classDir], io.stderr, flags.out);
  if (folders.length === 1 && resolve(folders[0]!) === resolve(classDir))
    throw new PitbossError(
      'USAGE',
      `${classDir} is not a class: name a folder that holds one folder per submission`,
    );
  const names = outputNames(folders);
  const skipped: SimilarityReport['skipped'] = [];
  // One submission the tool cannot take (no submission, past the bounds, or a failure of the tool
  // itself) is named and skipped: never the whole class's report.
  const skip = (name: string, error: unknown) =>
    skipped.push(
      error instanceof PitbossError
        ? { name, code: error.code, problem: error.message }
        : { name, code: 'INFRASTRUCTURE', problem: `similarity failed on it: ${String(error)}` },
    );
  const read: { name: string; submission: Submission; edition: Assignment }[] = [];
  folders.forEach((folder, index) => {
    const name = names[index]!;
    try {
      const submission = readSubmission(assignment, folder);
      read.push({ name, submission, edition: editionOf(assignment, submission) });
    } catch (error) {
      skip(name, error);
    }
  });
  // C++'s tokens are loaded only for a class that has C++.
  let cppTokens: Tokenizer | undefined;
  if (read.some(({ edition }) => languageOf(edition) === 'cpp'))
    try {
      cppTokens = await cppTokenizer();
    } catch (error) {
      for (const { name } of read.filter(({ edition }) => languageOf(edition) === 'cpp')) skip(name, error);
    }
  const code: ReturnType<typeof codeOf>[] = [];
  for (const { name, submission, edition } of read) {
    if (languageOf(edition) === 'cpp' && cppTokens === undefined) continue;
    try {
      code.push({ ...codeOf(edition, submission, cppTokens), name });
    } catch (error) {
      skip(name, error);
    }
  }
  skipped.sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name));
  if (batch !== undefined && !batch.submissions.some((entry) => names.includes(entry.name)))
    throw new PitbossError(
      'USAGE',
      `${flags.results} holds results of none of the submissions in ${classDir}: give the --out folder of a grade run of this class`,
    );
  // Each language's submissions against each other, its edition's starter credited to nobody.
  const readFile = (path: string) => readFileSync(path, 'utf8');
  const starterOf = (language: CodeLanguage) =>
    editionsOf(assignment)
      .filter((edition) => languageOf(edition) === language)
      .flatMap((edition) => starterCode(edition, readFile));
  const languages = [...new Set(code.map((submission) => submission.language))].sort();
  const pairs = mergePairs(
    languages.map((language) =>
      rankPairs(
        code.filter((submission) => submission.language === language),
        starterOf(language),
        language === 'cpp' ? cppTokens! : tokenize,
        SIZES[language],
      ),
    ),
  );
  const starter = starterOf('typescript');
  return {
    pitboss: 'similarity',
    version: 1,
    assignment: assignment.name,
    settings: {
      ...SIZES.typescript,
      starterFiles: starter.map((file) => file.name),
      ...(languages.includes('cpp')
        ? { cpp: { ...SIZES.cpp, starterFiles: starterOf('cpp').map((file) => file.name) } }
        : {}),
    },
    submissions: code.map(({ name, language, files, lines }) => ({ name, language, files, lines })),
    skipped,
    pairs,
    ...(batch === undefined ? {} : { behaviour: groupBehaviour(batch) }),
  };
}

/**
 * `pitboss similarity`: writes the page and its data, and names the most similar pairs and every
 * folder skipped. A folder skipped for what it holds leaves the status 0; one the tool itself failed
 * on is an infrastructure error (3), as in `grade`, though every other submission is compared.
 */
export async function similarity(classDir: string, flags: SimilarityFlags, io: Io): Promise<number> {
  if (existsSync(flags.out) && !statSync(flags.out).isDirectory())
    throw new PitbossError(
      'NOT_A_FOLDER',
      `${flags.out} is a file, not a folder: name a folder to write into`,
    );
  const report = await similarityReport(classDir, flags, io);
  mkdirSync(flags.out, { recursive: true });
  const data = join(flags.out, SIMILARITY_DATA);
  const html = join(flags.out, SIMILARITY_PAGE);
  writeFileWhole(data, `${JSON.stringify(report, null, 2)}\n`);
  writeFileWhole(html, renderSimilarityHtml(report));
  const count = report.submissions.length;
  const lines = [
    `Most similar pairs of ${count} submission${count === 1 ? '' : 's'} (similar, not a finding):`,
  ];
  if (report.pairs.length === 0) lines.push('  none: no two submissions of one language to compare');
  for (const pair of report.pairs.slice(0, 5))
    lines.push(`  ${(pair.similarity * 100).toFixed(1).padStart(5)}%  ${pair.left}  ${pair.right}`);
  if (report.behaviour !== undefined)
    lines.push(`${report.behaviour.groups.length} groups of submissions fail a test alike.`);
  lines.push(`similarity page (staff only) -> ${html}`, `data -> ${data}`);
  io.stdout(`${lines.join('\n')}\n`);
  for (const { name, code, problem } of report.skipped)
    io.stderr(
      `pitboss: ${code === 'INFRASTRUCTURE' ? 'infrastructure error: ' : ''}not compared: ${terminalLine(name)}: ${terminalLine(problem)}\n`,
    );
  return report.skipped.some((skip) => skip.code === 'INFRASTRUCTURE') ? EXIT_INFRASTRUCTURE : EXIT_OK;
}
