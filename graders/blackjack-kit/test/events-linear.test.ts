// Reading is linear (issue 40 item 4): an output of lines built to backtrack against the reader's old
// patterns (a lazy name before a run of whitespace, a character's words with a greedy quote) costs per
// byte no more than a few times what the course's own output does, measured in the same run.
import { findRuleSet, playTranscript } from '@pitboss/driver';
import { backtrackingLines, backtrackingOutput, readingCost } from '@pitboss/grader/kit';
import { describe, expect, it } from 'vitest';
import { readBlackjackEvents } from '../events.ts';

const play = (rules: string, words: readonly string[]): string =>
  playTranscript(findRuleSet(rules)!, words, {
    readFile: () => {
      throw new Error('no files');
    },
  }).text;

describe('Blackjack events, read in linear time', () => {
  it.each([
    ['classic', ['100', '40', 'counting']],
    ['crusaders', ['300', '30', 'simple', 'sos']],
  ])("reads backtracking lines at about a course line's cost per byte: %s", (rules, words) => {
    const read = readingCost(
      readBlackjackEvents,
      backtrackingOutput(backtrackingLines().length),
      play(rules, words),
    );
    expect(read.ratio, JSON.stringify(read)).toBeLessThan(4);
  });

  it("reads a character's words as before: up to the first colon a quote follows, to the last quote", () => {
    const keys = (output: string) => readBlackjackEvents(output).map((event) => event.key);
    expect(keys('Dio: "Za Warudo: time stops"\n')).toEqual(['says dio za warudo: time stops']);
    expect(keys('  Kujo  Jotaro :  "Ora"  \n')).toEqual(['says kujo jotaro ora']);
    expect(keys('a: "a: "a: "x\n')).toEqual([]);
    expect(keys('Dio: "\n')).toEqual([]);
  });
});
