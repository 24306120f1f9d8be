// Compares a program's output with the reference's: where they first part, with context, and
// whether only whitespace differs.
import { diffArrays } from 'diff';
import { REGIONS_LISTED } from '../0-results/bounds.ts';
import type { DiffRegion, TranscriptDiff } from '../0-results/diff.ts';
import type { StdinRead } from '../kit/assignment.ts';

const CONTEXT = 3;
/**
 * Past this many edits the outputs are told apart by their first difference only: the line diff's cost
 * grows with the edits, and a student's output can be anything. A bound on edits, never on time, so
 * the same outputs always get the same regions.
 */
const MAX_EDITS = 500;

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

/**
 * Where two outputs' lines differ, from line `first` (0-based; the lines before it are equal), as a line
 * diff sees it: each region's first line on both sides (1-based) and how many lines each side has
 * there. Undefined when they differ in too many places to say.
 */
export function differingRegions(want: string[], got: string[], first = 0): DiffRegion[] | undefined {
  const changes = diffArrays(want.slice(first), got.slice(first), { maxEditLength: MAX_EDITS });
  if (changes === undefined) return undefined;
  const regions: DiffRegion[] = [];
  let expectedAt = first + 1;
  let actualAt = first + 1;
  let open: DiffRegion | undefined;
  for (const change of changes) {
    const count = change.count ?? change.value.length;
    if (!change.added && !change.removed) {
      open = undefined;
      expectedAt += count;
      actualAt += count;
      continue;
    }
    if (open === undefined) {
      open = { expected: expectedAt, actual: actualAt, expectedCount: 0, actualCount: 0 };
      regions.push(open);
    }
    if (change.removed) {
      open.expectedCount += count;
      expectedAt += count;
    } else {
      open.actualCount += count;
      actualAt += count;
    }
  }
  return regions;
}

/** The first difference in full and, unless `regions` is false, where else the outputs differ. */
export function compareTranscripts(
  expected: string,
  actual: string,
  options: { regions: boolean } = { regions: true },
): TranscriptDiff | undefined {
  if (expected === actual) return undefined;
  const want = splitLines(expected);
  const got = splitLines(actual);
  let first = 0;
  while (first < want.length && first < got.length && want[first] === got[first]) first++;
  // Equal lines but a different ending: the last line lacks (or gains) its newline.
  if (first === want.length && first === got.length) first = Math.max(0, want.length - 1);
  const from = Math.max(0, first - CONTEXT);
  // The first region is the one shown in full; the others are listed.
  const later = options.regions ? differingRegions(want, got, first)?.slice(1) : [];
  return {
    line: first + 1,
    expected: { from: from + 1, lines: want.slice(from, first + CONTEXT + 1) },
    actual: { from: from + 1, lines: got.slice(from, first + CONTEXT + 1) },
    whitespaceOnly: sameButWhitespace(expected, actual, want, got),
    expectedLines: want.length,
    actualLines: got.length,
    finalNewline: { expected: expected.endsWith('\n'), actual: actual.endsWith('\n') },
    ...(later === undefined
      ? { moreRegions: 'too many' as const }
      : later.length === 0
        ? {}
        : {
            regions: later.slice(0, REGIONS_LISTED),
            ...(later.length > REGIONS_LISTED ? { moreRegions: later.length - REGIONS_LISTED } : {}),
          }),
  };
}

/** The regions after the first, in one sentence: `also differs at line 41 (2 lines, yours 3), ...`. */
export function describeLaterRegions(diff: TranscriptDiff): string | undefined {
  if (diff.moreRegions === 'too many') return 'the outputs differ in too many places after it to list them';
  const regions = diff.regions ?? [];
  if (regions.length === 0) return undefined;
  const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`;
  const one = (region: DiffRegion) => {
    const where =
      region.expected === region.actual
        ? `line ${region.expected}`
        : `line ${region.expected} (yours ${region.actual})`;
    return region.expectedCount === region.actualCount
      ? `${where}, ${lines(region.expectedCount)}`
      : `${where}, ${lines(region.expectedCount)} expected, ${lines(region.actualCount)} yours`;
  };
  const more = typeof diff.moreRegions === 'number' ? `, and ${diff.moreRegions} more` : '';
  const count = regions.length + (typeof diff.moreRegions === 'number' ? diff.moreRegions : 0);
  return `${count} more place${count === 1 ? '' : 's'} differ${count === 1 ? 's' : ''}: ${regions.map(one).join('; ')}${more}`;
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
