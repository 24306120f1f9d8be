// Compares a program's output with the reference's: where they first part, with context, and
// whether only whitespace differs.
import type { StdinRead } from '../kit/assignment.ts';
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

/** The most reads a message lists: the last ones before the difference. */
const READS_TOLD = 12;

/**
 * What the program was typed up to the first difference, in a clause: the reads on that line or
 * before it (the last READS_TOLD), each word quoted, the end of the input said as such.
 */
export function describeReads(reads: readonly StdinRead[], line: number): string | undefined {
  const before = reads.filter((read) => read.line <= line);
  if (before.length === 0) return undefined;
  const told = before.slice(-READS_TOLD);
  const words: string[] = [];
  for (const read of told) {
    if (read.word !== null) words.push(JSON.stringify(read.word));
    else if (words.at(-1) !== 'the end of the input') words.push('the end of the input');
  }
  const earlier = before.length - told.length;
  return `the input read up to line ${line}: ${earlier > 0 ? `(${earlier} earlier) ` : ''}${words.join(' ')}`;
}

/** The reads on the lines a diff shows, to stand beside them (TranscriptDiff.typed). */
export function readsShown(reads: readonly StdinRead[], diff: TranscriptDiff): StdinRead[] {
  const last = diff.expected.from + diff.expected.lines.length - 1;
  return reads
    .filter((read) => read.line >= diff.expected.from && read.line <= last)
    .map((read) => ({ line: read.line, word: read.word }));
}
