// The events a reference game reads as, in the game's words, against a golden file: what a student is
// told of a game is the contract. `PITBOSS_UPDATE_GOLDEN=1` rewrites the file after a deliberate change.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readTableEvents } from '../events.ts';
import { referenceOf, transcriptCases } from '../transcripts.ts';

const GOLDEN = fileURLToPath(new URL('./golden/events-course-first.txt', import.meta.url));

describe('table events, golden', () => {
  it("the course's first case reads as these events, in these words", () => {
    const first = transcriptCases.find((each) => each.group === 'course')!;
    const told = readTableEvents(referenceOf(first).text)
      .map((event) => `round ${event.round}, line ${event.line}: ${event.say('the course')}`)
      .join('\n');
    const text = `${first.words.join(' ')} < ${first.input}\n${told}\n`;
    if (process.env.PITBOSS_UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, text);
    expect(text).toBe(readFileSync(GOLDEN, 'utf8'));
  });
});
