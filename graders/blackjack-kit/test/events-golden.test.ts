// The events reference games read as, in the game's words, against golden files: what a student is
// told of a game is the contract. `PITBOSS_UPDATE_GOLDEN=1` rewrites the files after a deliberate change.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findRuleSet, playTranscript } from '@pitboss/driver';
import { describe, expect, it } from 'vitest';
import { readBlackjackEvents } from '../events.ts';

const CASES: Readonly<Record<string, readonly string[]>> = {
  classic: ['100', '3', 'simple'],
  minbet: ['100', '10', '3', 'counting'],
  crusaders: ['100', '3', 'simple', 'sc'],
};

describe('Blackjack events, golden', () => {
  it.each(Object.keys(CASES))('%s: a short game reads as these events, in these words', (rules) => {
    const words = CASES[rules]!;
    const output = playTranscript(findRuleSet(rules)!, words, {
      readFile: () => {
        throw new Error('no files');
      },
    }).text;
    const told = readBlackjackEvents(output)
      .map((event) => `round ${event.round}, line ${event.line}: ${event.say('the course')}`)
      .join('\n');
    const text = `${words.join(' ')}\n${told}\n`;
    const golden = fileURLToPath(new URL(`./golden/events-${rules}.txt`, import.meta.url));
    if (process.env.PITBOSS_UPDATE_GOLDEN === '1') writeFileSync(golden, text);
    expect(text).toBe(readFileSync(golden, 'utf8'));
  });
});
