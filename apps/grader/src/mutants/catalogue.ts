// A mutant catalogue: deliberate one-edit bugs in the solution, each with an id and a description.
// The public part ships with the assignment; an instructor keeps a private part elsewhere.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { solutionDirOf } from '../assignment/load.ts';
import type { Assignment } from '../kit/assignment.ts';
import { PitbossError } from '../plumbing/errors.ts';
import { schemaCheck } from '../plumbing/json-schema.ts';

export type CataloguePart = 'public' | 'private';

export interface Mutant {
  id: string;
  file: string;
  description: string;
  part: CataloguePart;
  /** The whole mutated file. */
  source: string;
  /** Where in the file its edit begins (a character offset, the same in the solution's file). */
  at: number;
}

interface Entry {
  id: string;
  file: string;
  description: string;
  find: string;
  replace: string;
}

const validate = schemaCheck(
  {
    type: 'object',
    required: ['mutants'],
    properties: {
      $comment: { type: 'string' },
      /** A language edition's catalogue: the bugs of the assignment's catalogue it has no edit for, and why. */
      omitted: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'why'],
          additionalProperties: false,
          properties: { id: { type: 'string' }, why: { type: 'string', minLength: 1 } },
        },
      },
      mutants: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'file', 'description', 'find', 'replace'],
          additionalProperties: false,
          properties: {
            id: { type: 'string', pattern: '^[a-z0-9]+\\.[a-z0-9-]+$' },
            file: { type: 'string' },
            description: { type: 'string', minLength: 1 },
            find: { type: 'string', minLength: 1 },
            replace: { type: 'string' },
          },
        },
      },
    },
  },
  { allErrors: true },
);

function readPart(assignment: Assignment, file: string, part: CataloguePart): Mutant[] {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new PitbossError(
      'BAD_ASSIGNMENT',
      `cannot read mutant catalogue ${file}: ${(error as Error).message}`,
    );
  }
  if (!validate(data)) {
    const problem = validate.errors?.[0];
    throw new PitbossError(
      'BAD_ASSIGNMENT',
      `mutant catalogue ${file}: ${problem?.instancePath} ${problem?.message}`,
    );
  }
  const entries = (data as { mutants: Entry[] }).mutants;
  // An empty catalogue (the student tool's, which holds no solution) needs no solution to read.
  const modules = entries.length === 0 ? [] : solutionModules(assignment);
  return entries.map((entry) => {
    if (!modules.includes(entry.file)) {
      throw new PitbossError(
        'BAD_ASSIGNMENT',
        `mutant ${entry.id}: ${entry.file} is neither a student file nor a module of the solution`,
      );
    }
    const original = readFileSync(join(solutionDirOf(assignment), entry.file), 'utf8');
    const found = original.split(entry.find).length - 1;
    if (found !== 1) {
      throw new PitbossError(
        'BAD_ASSIGNMENT',
        `mutant ${entry.id}: its text occurs ${found} times in ${entry.file}, not once`,
      );
    }
    return {
      id: entry.id,
      file: entry.file,
      description: entry.description,
      part,
      source: original.replace(entry.find, () => entry.replace),
      at: original.indexOf(entry.find),
    };
  });
}

/**
 * The modules a mutant may change: the student files, and the solution's own modules beside them (a
 * program written in modules of its own design, as any submission may be).
 */
export function solutionModules(assignment: Assignment): string[] {
  const provided = new Set(assignment.providedFiles.map((file) => file.name));
  const own = readdirSync(solutionDirOf(assignment)).filter(
    (name) =>
      (assignment.native === undefined
        ? name.endsWith('.ts') && !name.endsWith('.d.ts')
        : /\.(cpp|cc)$/.test(name)) && !provided.has(name),
  );
  return [...new Set([...assignment.studentFiles.map((file) => file.name), ...own.sort()])];
}

/**
 * The public catalogue, and the private one when its folder is given and holds one of the public
 * one's name (`mutants.json`; a language edition's `mutants-cpp.json`).
 */
export function readCatalogue(assignment: Assignment, privateDir?: string): Mutant[] {
  const mutants = readPart(assignment, assignment.mutantsFile, 'public');
  if (privateDir !== undefined) {
    const file = join(privateDir, basename(assignment.mutantsFile));
    if (existsSync(file)) mutants.push(...readPart(assignment, file, 'private'));
  }
  const ids = mutants.map((mutant) => mutant.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw new PitbossError('BAD_ASSIGNMENT', `two mutants are called ${twice}`);
  return mutants;
}

/**
 * The ids a language edition's catalogue (public and private parts) says it has no edit for: a bug its
 * language cannot have. The edition grades no mutant test of theirs.
 */
export function omittedIds(assignment: Assignment, privateDir?: string): Set<string> {
  const files = [
    assignment.mutantsFile,
    ...(privateDir === undefined ? [] : [join(privateDir, basename(assignment.mutantsFile))]),
  ];
  const ids = new Set<string>();
  for (const file of files.filter((each) => existsSync(each))) {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { omitted?: { id: string }[] };
    for (const entry of data.omitted ?? []) ids.add(entry.id);
  }
  return ids;
}
