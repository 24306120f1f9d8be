// Compares a program's output with the reference's: where they first part, with context, and
// whether only whitespace differs.
import type { TranscriptDiff } from '../report/model.ts';

const CONTEXT = 3;

const splitLines = (text: string): string[] => {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

const squeeze = (line: string): string => line.replace(/\s+/g, ' ').trim();

/**
 * Whether two texts differ only in whitespace: \r\n read as \n, each line with its runs of whitespace
 * as one space and its ends trimmed, blank lines at the end not counted. It stops at the first line
 * that differs, and takes lines that are equal as they are without squeezing them.
 */
function sameButWhitespace(expected: string, actual: string, want: string[], got: string[]): boolean {
  const a = expected.includes('\r\n') ? splitLines(expected.replaceAll('\r\n', '\n')) : want;
  const b = actual.includes('\r\n') ? splitLines(actual.replaceAll('\r\n', '\n')) : got;
  const counted = (lines: string[]) => {
    let end = lines.length;
    while (end > 0 && squeeze(lines[end - 1]!) === '') end--;
    return end;
  };
  const lines = counted(a);
  if (counted(b) !== lines) return false;
  for (let i = 0; i < lines; i++) if (a[i] !== b[i] && squeeze(a[i]!) !== squeeze(b[i]!)) return false;
  return true;
}

export function compareTranscripts(expected: string, actual: string): TranscriptDiff | undefined {
  if (expected === actual) return undefined;
  const want = splitLines(expected);
  const got = splitLines(actual);
  let first = 0;
  while (first < want.length && first < got.length && want[first] === got[first]) first++;
  // Equal lines but a different ending: the last line lacks (or gains) its newline.
  if (first === want.length && first === got.length) first = Math.max(0, want.length - 1);
  const from = Math.max(0, first - CONTEXT);
  return {
    line: first + 1,
    expected: { from: from + 1, lines: want.slice(from, first + CONTEXT + 1) },
    actual: { from: from + 1, lines: got.slice(from, first + CONTEXT + 1) },
    whitespaceOnly: sameButWhitespace(expected, actual, want, got),
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
