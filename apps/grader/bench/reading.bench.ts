// `pnpm bench` (grader): what reading a program's output costs (issue 40 item 4). Each reader (table,
// Straights, the one-player Blackjack editions' events, the transcript diff and the format's
// comparison) reads 800 lines built to backtrack against patterns that can (the attack: an otherwise
// right program printing them every run) and the course's own output at the same length; printed is the
// cost per byte of each and their ratio, measured in the same run so it holds whatever the machine's
// load (linear reading: near 1 or below; the old patterns: some 260 for the table's reader).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBlackjackEvents } from '../../../graders/blackjack-kit/events.ts';
import { readStraightsEvents } from '../../../graders/straights/events.ts';
import {
  expectedTranscript,
  transcriptCases as straightsCases,
} from '../../../graders/straights/transcripts.ts';
import { readTableEvents, tableEvents } from '../../../graders/table/events.ts';
import { referenceOf, transcriptCases as tableCases } from '../../../graders/table/transcripts.ts';
import { formatOnly } from '../src/4-phases/game-events.ts';
import { compareTranscripts } from '../src/4-phases/transcript-diff.ts';
import { backtrackingOutput, readingCost } from '../src/kit/reading-cost.ts';
import { REPO_ROOT } from '../src/plumbing/paths.ts';

const LINES = Number(process.env.BENCH_READ_LINES ?? 800);
const hostile = backtrackingOutput(LINES);
const table = referenceOf(tableCases.find((each) => each.group === 'course')!).text;
const straights = expectedTranscript(straightsCases.find((each) => each.group === 'course')!);
// A course output of the classic edition, as the course printed it.
const classic = readFileSync(join(REPO_ROOT, 'fixtures/compat/classic/100_3_counting.txt'), 'utf8');

const readers: [string, (text: string) => unknown, string][] = [
  ['table events', readTableEvents, table],
  ['table prompts', (text) => tableEvents.withoutPrompts!(text), table],
  ['Straights events', readStraightsEvents, straights],
  ['Blackjack events (classic)', readBlackjackEvents, classic],
  // The diff and the format's comparison read the program's output against the course's: the course's
  // lines then differ in many places, as the backtracking ones differ in every line.
  ['transcript diff', (text) => compareTranscripts(table, text), table.replaceAll('Dealer', 'House')],
  [
    'format comparison',
    (text) => formatOnly(table, text, tableEvents.withoutPrompts),
    table.replaceAll('Dealer', 'House'),
  ],
];

console.log(
  `reading: ${LINES} backtracking lines (${(hostile.length / 1e6).toFixed(2)} MB) against the course's output at that length`,
);
for (const [name, read, course] of readers) {
  const cost = readingCost(read, hostile, course);
  const ms = (perByte: number) => (perByte * hostile.length).toFixed(1);
  console.log(
    `  ${name.padEnd(28)} backtracking ${ms(cost.hostileMsPerByte).padStart(7)} ms, course ${ms(cost.courseMsPerByte).padStart(7)} ms: ratio ${cost.ratio.toFixed(2)}`,
  );
}
