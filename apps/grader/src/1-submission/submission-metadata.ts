// Gradescope's /autograder/submission_metadata.json: this submission's time (`created_at`) and the
// student's earlier submissions (`previous_submissions`, each with its time and the results.json it
// got). Only what the submission policy (tokens.ts) reads is checked; the rest is Gradescope's.
import { readFileSync } from 'node:fs';
import { PitbossError } from '../plumbing/errors.ts';
import { schemaCheck } from '../plumbing/json-schema.ts';
import type { EarlierSubmission } from './tokens.ts';

const schema = {
  type: 'object',
  required: ['created_at', 'previous_submissions'],
  properties: {
    created_at: { type: 'string' },
    previous_submissions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['submission_time'],
        properties: { submission_time: { type: 'string' }, results: { type: ['object', 'null'] } },
      },
    },
  },
} as const;

const validate = schemaCheck(schema, { allErrors: true });

interface Metadata {
  created_at: string;
  previous_submissions: { submission_time: string; results?: Record<string, unknown> | null }[];
}

/**
 * Whether the grading machinery failed on an earlier submission: run_autograder marks such a
 * results.json (`extra_data.pitboss.infrastructure`) and gives it no score; a run Gradescope itself
 * could not read has no score either. Either is refunded: it spent no token.
 */
export function gradingFailed(results: Record<string, unknown> | null | undefined): boolean {
  if (results === null || results === undefined || typeof results.score !== 'number') return true;
  const extra = results.extra_data as { pitboss?: { infrastructure?: unknown } } | undefined;
  return extra?.pitboss?.infrastructure === true;
}

export interface SubmissionMetadata {
  /** This submission's time: the policy's "now". */
  now: number;
  earlier: EarlierSubmission[];
}

export function readSubmissionMetadata(file: string): SubmissionMetadata {
  const bad = (why: string) =>
    new PitbossError('BAD_SUBMISSION_METADATA', `submission metadata ${file}: ${why}`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw bad((error as Error).message);
  }
  if (!validate(data)) {
    const problem = validate.errors?.[0];
    throw bad(`${problem?.instancePath || '/'} ${problem?.message}`);
  }
  const metadata = data as Metadata;
  const time = (text: string, where: string) => {
    // ISO 8601 with a date and a time of day; Date.parse alone takes looser text.
    const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
    if (Number.isNaN(at)) throw bad(`${where} '${text}' is not an ISO time`);
    return at;
  };
  return {
    now: time(metadata.created_at, '/created_at'),
    earlier: metadata.previous_submissions.map((previous, i) => ({
      at: time(previous.submission_time, `/previous_submissions/${i}/submission_time`),
      refunded: gradingFailed(previous.results),
    })),
  };
}
