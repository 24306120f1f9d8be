// A rubric gives each test its points and its visibility. It is data (rubric.json), checked against
// a JSON schema and against the tests it must cover.
import { readFileSync } from 'node:fs';
import { type Hint, type HintFrom, VISIBILITIES, type Visibility } from '../0-results/test.ts';
import { refillMs, type TokenPolicy } from '../1-submission/tokens.ts';
import { PitbossError } from '../plumbing/errors.ts';
import { schemaCheck } from '../plumbing/json-schema.ts';

/**
 * What a deviation in the calls a program makes to the reference's files (CallsCheck) costs when its
 * transcript is right: `warning` (the default) says so and costs nothing; `scored` fails the case.
 */
export const CALL_DEVIATIONS = ['warning', 'scored'] as const;
export type CallDeviations = (typeof CALL_DEVIATIONS)[number];

/**
 * How a transcript's points are shared between its game (its events equal the reference's) and its
 * format (its bytes do), as fractions summing to 1; for assignments that read game events.
 */
export interface TranscriptWeights {
  game: number;
  format: number;
}

/** Most of a transcript's points on the game: a typo in a prompt is not a wrong rule. */
export const DEFAULT_TRANSCRIPT_WEIGHTS: TranscriptWeights = { game: 0.8, format: 0.2 };

export interface Rubric {
  byTest: Map<string, RubricEntry>;
  calls: CallDeviations;
  transcriptParts: TranscriptWeights;
  /** Each test's hint: the first hint entry that covers its id (none for most tests). */
  hints: Map<string, Hint>;
  /** The hint entries as written, for the check that none quotes the private part (hints.ts). */
  hintEntries: HintEntry[];
}

export interface HintEntry {
  match: string;
  hint: string;
  from?: HintFrom | undefined;
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
    // Relative weights of a transcript's game and format parts (80 and 20: four fifths on the game).
    transcriptParts: {
      type: 'object',
      required: ['game', 'format'],
      additionalProperties: false,
      properties: {
        $comment: { type: 'string' },
        game: { type: 'number', minimum: 0 },
        format: { type: 'number', minimum: 0 },
      },
    },
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
    // Submission tokens on Gradescope (tokens.ts): `refill` is how long after a submission its token comes back.
    submissions: {
      type: 'object',
      required: ['tokens', 'refill'],
      additionalProperties: false,
      properties: {
        $comment: { type: 'string' },
        tokens: { type: 'integer', minimum: 1, maximum: 1000 },
        refill: { type: 'string', pattern: '^[1-9][0-9]{0,5}[mhd]$' },
      },
    },
    hints: {
      type: 'array',
      items: {
        type: 'object',
        required: ['match', 'hint'],
        additionalProperties: false,
        properties: {
          match: { type: 'string', minLength: 1 },
          // A hint is a few sentences: a report bounds every string, but a rubric should not need it.
          hint: { type: 'string', minLength: 1, maxLength: 2000 },
          from: {
            oneOf: [
              { const: 'after_due_date' },
              {
                type: 'object',
                required: ['failingRuns'],
                additionalProperties: false,
                properties: { failingRuns: { type: 'integer', minimum: 1, maximum: 1000 } },
              },
            ],
          },
        },
      },
    },
  },
  additionalProperties: false,
} as const;

const validate = schemaCheck(schema, { allErrors: true });

const covers = (entry: { match: string }, id: string) =>
  entry.match.endsWith('*') ? id.startsWith(entry.match.slice(0, -1)) : id === entry.match;

/** A rubric file's data, checked against the schema (BAD_RUBRIC, one line, when it is not). */
function readRubric(file: string): unknown {
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
  return data;
}

/** The rubric's submission policy (`submissions`), or undefined when it declares none. */
export function readSubmissionPolicy(file: string): TokenPolicy | undefined {
  const { submissions } = readRubric(file) as { submissions?: { tokens: number; refill: string } };
  if (submissions === undefined) return undefined;
  return { tokens: submissions.tokens, refillMs: refillMs(submissions.refill)! };
}

/** Reads a rubric and gives every test id its entry; every test needs one, every entry must be used. */
export function applyRubric(file: string, testIds: readonly string[]): Rubric {
  const data = readRubric(file);
  const {
    tests: entries,
    calls = 'warning',
    hints: hintEntries = [],
    transcriptParts,
  } = data as {
    tests: RubricEntry[];
    calls?: CallDeviations;
    hints?: HintEntry[];
    transcriptParts?: TranscriptWeights;
  };
  const total = transcriptParts === undefined ? 0 : transcriptParts.game + transcriptParts.format;
  if (transcriptParts !== undefined && total <= 0)
    throw new PitbossError('BAD_RUBRIC', `rubric ${file}: transcriptParts must not both be 0`);
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
  // Like a rubric entry, a hint on one id must name a test; a family (`mutant.private.*`) may be empty.
  const hints = new Map<string, Hint>();
  for (const entry of hintEntries) {
    if (!entry.match.endsWith('*') && !testIds.includes(entry.match))
      throw new PitbossError('BAD_RUBRIC', `rubric ${file}: the hint for '${entry.match}' matches no test`);
  }
  for (const id of testIds) {
    const entry = hintEntries.find((candidate) => covers(candidate, id));
    if (entry !== undefined)
      hints.set(id, { text: entry.hint, ...(entry.from === undefined ? {} : { from: entry.from }) });
  }
  const weights =
    transcriptParts === undefined
      ? DEFAULT_TRANSCRIPT_WEIGHTS
      : { game: transcriptParts.game / total, format: transcriptParts.format / total };
  return { byTest, calls, hints, hintEntries, transcriptParts: weights };
}
