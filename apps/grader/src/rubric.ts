// A rubric gives each test its points and its visibility. It is data (rubric.json), checked against
// a JSON schema and against the tests it must cover.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { PitbossError } from './errors.ts';

export const VISIBILITIES = ['visible', 'hidden', 'after_due_date', 'after_published'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/**
 * What a deviation in the calls a program makes to the reference's files (CallsCheck) costs when its
 * transcript is right: `warning` (the default) says so and costs nothing; `scored` fails the case.
 */
export const CALL_DEVIATIONS = ['warning', 'scored'] as const;
export type CallDeviations = (typeof CALL_DEVIATIONS)[number];

export interface Rubric {
  byTest: Map<string, RubricEntry>;
  calls: CallDeviations;
}

export interface RubricEntry {
  match: string;
  points: number;
  visibility: Visibility;
}

const schema = {
  type: 'object',
  required: ['tests'],
  properties: {
    $comment: { type: 'string' },
    calls: { enum: CALL_DEVIATIONS },
    tests: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['match', 'points', 'visibility'],
        additionalProperties: false,
        properties: {
          match: { type: 'string', minLength: 1 },
          points: { type: 'number', minimum: 0 },
          visibility: { enum: VISIBILITIES },
        },
      },
    },
  },
  additionalProperties: false,
} as const;

const validate = new Ajv({ allErrors: true }).compile(schema);

const covers = (entry: RubricEntry, id: string) =>
  entry.match.endsWith('*') ? id.startsWith(entry.match.slice(0, -1)) : id === entry.match;

/** Reads a rubric and gives every test id its entry; every test needs one, every entry must be used. */
export function applyRubric(file: string, testIds: readonly string[]): Rubric {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new PitbossError('BAD_RUBRIC', `cannot read rubric ${file}: ${(error as Error).message}`);
  }
  if (!validate(data)) {
    const problem = validate.errors?.[0];
    throw new PitbossError(
      'BAD_RUBRIC',
      `rubric ${file}: ${problem?.instancePath || '/'} ${problem?.message}`,
    );
  }
  const { tests: entries, calls = 'warning' } = data as { tests: RubricEntry[]; calls?: CallDeviations };
  const byTest = new Map<string, RubricEntry>();
  for (const id of testIds) {
    const entry = entries.find((candidate) => covers(candidate, id));
    if (entry === undefined)
      throw new PitbossError('BAD_RUBRIC', `rubric ${file} gives no points for test ${id}`);
    byTest.set(id, entry);
  }
  // A family (`mutant.private.*`) may be empty in a run; a single id must name a test.
  for (const entry of entries) {
    if (!entry.match.endsWith('*') && !testIds.some((id) => covers(entry, id))) {
      throw new PitbossError('BAD_RUBRIC', `rubric ${file}: '${entry.match}' matches no test`);
    }
  }
  return { byTest, calls };
}
