// The oracle's answers (what the reference prints for a case, the calls it makes) are kept between
// runs under everything they are made from: a later run reads them instead of playing the game again.
import { randomUUID } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callsExpected, expectedOf } from '../../src/4-phases/expected.ts';
import type { Assignment, TranscriptCase } from '../../src/kit/assignment.ts';
import { CACHE_ROOT } from '../../src/plumbing/bundle.ts';

/** An assignment whose reference counts how often it is asked. */
function counted(): { assignment: Assignment; asked: { output: number; calls: number } } {
  const asked = { output: 0, calls: 0 };
  const assignment = {
    name: `oracle-${randomUUID()}`,
    transcripts: {
      expected: (transcriptCase: TranscriptCase) => {
        asked.output++;
        return `played ${transcriptCase.words.join(' ')}\n`;
      },
      calls: {
        expected: () => {
          asked.calls++;
          return [{ call: 'deck.deal()', line: 1 }];
        },
      },
    },
  } as unknown as Assignment;
  return { assignment, asked };
}

/** The same case as a later run reads it: equal, but another object. */
const caseOf = (words: string[]): TranscriptCase => ({ group: 'course', words });

describe('the oracle, kept between runs', () => {
  it('answers a case it answered before from what it kept, and a different case anew', () => {
    const { assignment, asked } = counted();
    expect(expectedOf(assignment, caseOf(['100', '3', 'simple']))).toBe('played 100 3 simple\n');
    expect(callsExpected(assignment, caseOf(['100', '3', 'simple']))).toEqual([
      { call: 'deck.deal()', line: 1 },
    ]);
    expect(asked).toEqual({ output: 1, calls: 1 });
    // A later run: new case objects, the same content.
    expect(expectedOf(assignment, caseOf(['100', '3', 'simple']))).toBe('played 100 3 simple\n');
    expect(callsExpected(assignment, caseOf(['100', '3', 'simple']))).toEqual([
      { call: 'deck.deal()', line: 1 },
    ]);
    expect(asked).toEqual({ output: 1, calls: 1 });
    expect(expectedOf(assignment, caseOf(['100', '3', 'counting']))).toBe('played 100 3 counting\n');
    expect(asked.output).toBe(2);
  });

  it('plays the case again when what it kept is not whole', () => {
    const { assignment, asked } = counted();
    expectedOf(assignment, caseOf(['5', '1', 'simple']));
    for (const folder of readdirSync(join(CACHE_ROOT, 'expected')))
      for (const name of readdirSync(join(CACHE_ROOT, 'expected', folder)))
        writeFileSync(join(CACHE_ROOT, 'expected', folder, name), '{"cut');
    expect(expectedOf(assignment, caseOf(['5', '1', 'simple']))).toBe('played 5 1 simple\n');
    expect(asked.output).toBe(2);
  });
});
