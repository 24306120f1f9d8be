// Reading is linear (issue 40 item 4): an output of lines built to backtrack against the reader's old
// patterns (`player` and a run of whitespace) costs per byte no more than a few times what the course's
// own output does, measured in the same run.
import { backtrackingLines, backtrackingOutput, readingCost } from '@pitboss/grader/kit';
import { describe, expect, it } from 'vitest';
import { readStraightsEvents, straightsEvents } from '../events.ts';
import { expectedTranscript, transcriptCases } from '../transcripts.ts';

const course = expectedTranscript(transcriptCases.find((each) => each.group === 'course')!);

describe('Straights events, read in linear time', () => {
  it("reads backtracking lines at about a course line's cost per byte", () => {
    const hostile = backtrackingOutput(backtrackingLines().length);
    const read = readingCost(readStraightsEvents, hostile, course);
    expect(read.ratio, JSON.stringify(read)).toBeLessThan(4);
    const prompts = readingCost((text) => straightsEvents.withoutPrompts!(text), hostile, course);
    expect(prompts.ratio, JSON.stringify(prompts)).toBeLessThan(4);
  });
});
