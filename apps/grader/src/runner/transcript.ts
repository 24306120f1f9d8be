// Compares a program's output with the reference's: where they first part, with context, and
// whether only whitespace differs.
import type { TranscriptDiff } from '../report/model.ts';

const CONTEXT = 3;

const splitLines = (text: string): string[] => {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

const normalise = (text: string): string[] => {
  const lines = splitLines(text.replaceAll('\r\n', '\n')).map((line) => line.replace(/\s+/g, ' ').trim());
  // Blank lines at the end do not count; found from the end, in one pass over a long transcript.
  let end = lines.length;
  while (end > 0 && lines[end - 1] === '') end--;
  return lines.slice(0, end);
};

export function compareTranscripts(expected: string, actual: string): TranscriptDiff | undefined {
  if (expected === actual) return undefined;
  const want = splitLines(expected);
  const got = splitLines(actual);
  let first = 0;
  while (first < want.length && first < got.length && want[first] === got[first]) first++;
  // Equal lines but a different ending: the last line lacks (or gains) its newline.
  if (first === want.length && first === got.length) first = Math.max(0, want.length - 1);
  const from = Math.max(0, first - CONTEXT);
  const normalisedWant = normalise(expected);
  const normalisedGot = normalise(actual);
  return {
    line: first + 1,
    expected: { from: from + 1, lines: want.slice(from, first + CONTEXT + 1) },
    actual: { from: from + 1, lines: got.slice(from, first + CONTEXT + 1) },
    whitespaceOnly:
      normalisedWant.length === normalisedGot.length &&
      normalisedWant.every((line, i) => line === normalisedGot[i]),
    expectedLines: want.length,
    actualLines: got.length,
    finalNewline: { expected: expected.endsWith('\n'), actual: actual.endsWith('\n') },
  };
}

/** The first difference in one sentence. */
export function describeDiff(diff: TranscriptDiff): string {
  const at = diff.line - diff.expected.from;
  const wanted = diff.expected.lines[at];
  const got = diff.actual.lines[at];
  const show = (line: string | undefined) =>
    line === undefined ? 'the end of the output' : JSON.stringify(line);
  const lead = `line ${diff.line} differs: expected ${show(wanted)}, got ${show(got)}`;
  return diff.whitespaceOnly ? `${lead} (only whitespace differs: spaces, tabs or line endings)` : lead;
}
