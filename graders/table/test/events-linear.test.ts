// Reading is linear (issue 40 item 4): an output of lines built to backtrack against the reader's old
// patterns (a run of whitespace after a name, a name repeated the line's length) costs per byte no
// more than a few times what the course's own output does, measured in the same run (the old patterns
// cost some 260 times as much; 800 such lines a run made three cases take 47 s instead of 8).
import { backtrackingLines, backtrackingOutput, readingCost } from '@pitboss/grader/kit';
import { describe, expect, it } from 'vitest';
import { readTableEvents, tableEvents } from '../events.ts';
import { referenceOf, transcriptCases } from '../transcripts.ts';

const course = referenceOf(transcriptCases.find((each) => each.group === 'course')!).text;

describe('table events, read in linear time', () => {
  it("reads backtracking lines at about a course line's cost per byte", () => {
    const hostile = backtrackingOutput(backtrackingLines().length);
    const read = readingCost(readTableEvents, hostile, course);
    expect(read.ratio, JSON.stringify(read)).toBeLessThan(4);
    const prompts = readingCost((text) => tableEvents.withoutPrompts!(text), hostile, course);
    expect(prompts.ratio, JSON.stringify(prompts)).toBeLessThan(4);
  });

  it("reads the attack's lines around a course game as the course game", () => {
    const keys = (output: string) => readTableEvents(output).map((event) => event.key);
    expect(keys(`${course}${backtrackingOutput(200)}`).slice(0, keys(course).length)).toEqual(keys(course));
  });
});
