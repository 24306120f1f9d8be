// What the reference prints for a transcript case, and the calls it makes to the course's files: the
// oracle, computed in the grader's own process. Both are kept between runs (the 5000-hand game's
// calls cost a fifth of a second on every check), under everything they are made from: the grader's
// and the course's sources (the reference among them), the assignment and the case itself. Kept in the
// grader's cache, where no student code reaches.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Assignment, ExpectedCall, TranscriptCase } from '../kit/assignment.ts';
import { CACHE_ROOT, hashSources } from '../plumbing/bundle.ts';
import { readKept, writeKept } from '../plumbing/kept.ts';

const outputs = new WeakMap<TranscriptCase, string>();
const calls = new WeakMap<TranscriptCase, readonly ExpectedCall[]>();

/** What the reference prints for `transcriptCase`. */
export function expectedOf(assignment: Assignment, transcriptCase: TranscriptCase): string {
  let text = outputs.get(transcriptCase);
  if (text === undefined) {
    text = kept(
      assignment,
      transcriptCase,
      'output',
      (value): value is string => typeof value === 'string',
      () => assignment.transcripts.expected(transcriptCase),
    );
    outputs.set(transcriptCase, text);
  }
  return text;
}

/** The calls the reference's program makes to the course's files in `transcriptCase`. */
export function callsExpected(
  assignment: Assignment,
  transcriptCase: TranscriptCase,
): readonly ExpectedCall[] {
  let made = calls.get(transcriptCase);
  if (made === undefined) {
    made = kept(
      assignment,
      transcriptCase,
      'calls',
      (value): value is ExpectedCall[] =>
        Array.isArray(value) &&
        value.every(
          (call) =>
            typeof call?.call === 'string' &&
            typeof call?.line === 'number' &&
            Object.keys(call).length === 2,
        ),
      () => assignment.transcripts.calls!.expected(transcriptCase),
    );
    calls.set(transcriptCase, made);
  }
  return made;
}

/** The kept answer of `what` for the case, or the one `make` gives, kept for the next run. */
function kept<T>(
  assignment: Assignment,
  transcriptCase: TranscriptCase,
  what: string,
  whole: (value: unknown) => value is T,
  make: () => T,
): T {
  const key = createHash('sha256')
    .update(JSON.stringify([hashSources(), assignment.name, what, transcriptCase]))
    .digest('hex');
  const path = join(CACHE_ROOT, 'expected', key.slice(0, 2), `${key}.json`);
  const known = readKept(path, whole);
  if (known !== undefined) return known;
  const value = make();
  writeKept(path, value);
  return value;
}
