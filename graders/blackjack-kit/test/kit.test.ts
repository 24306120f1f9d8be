// The kit itself: it is no assignment (the grader lists only the editions), and the assignment its
// factory builds holds every shared part, with the edition's own after it.
import { existsSync } from 'node:fs';
import { assignmentNames } from '@pitboss/grader';
import type { UnitTest } from '@pitboss/grader/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blackjackAssignment } from '../assignment.ts';
import { handTests } from '../suites/hand.ts';
import { referenceExec } from '../test-support.ts';
import { generated } from '../transcripts.ts';

const ownTest: UnitTest = {
  id: 'player.own',
  name: 'an edition test',
  file: 'player.ts',
  run: async () => {},
};

const edition = blackjackAssignment({
  name: 'classic',
  title: 'an edition',
  version: '1',
  seed: 1,
  rules: 'classic',
  folder: new URL('../../classic/index.ts', import.meta.url).href,
  unitTests: [ownTest],
  transcriptCases: [{ group: 'course', words: ['100', '3', 'simple'] }],
  providedFiles: [{ name: 'extra.ts', source: '/nowhere/extra.ts' }],
  stubs: { player: 'player stub', blackjack: 'driver stub' },
  starterFiles: {},
});

describe('the blackjack kit', () => {
  it('is not an assignment: the grader lists the editions only', () => {
    expect(assignmentNames()).not.toContain('blackjack-kit');
    expect(assignmentNames()).toEqual(expect.arrayContaining(['classic', 'crusaders']));
  });

  it('builds an edition: the shared provided files first, the deck and hand tests before its own', () => {
    expect(edition.providedFiles.map((file) => file.name)).toEqual([
      'card.ts',
      'rand.ts',
      'contract.ts',
      'extra.ts',
    ]);
    for (const file of edition.providedFiles.slice(0, 3)) expect(existsSync(file.source)).toBe(true);
    expect(edition.studentFiles.map((file) => file.name)).toEqual([
      'deck.ts',
      'hand.ts',
      'player.ts',
      'blackjack.ts',
    ]);
    const ids = edition.unitTests.map((test) => test.id);
    expect(ids.at(-1)).toBe('player.own');
    expect(ids.filter((id) => id.startsWith('deck.')).length).toBeGreaterThan(0);
    expect(ids.filter((id) => id.startsWith('hand.')).length).toBeGreaterThan(0);
    expect(existsSync(edition.referenceDir!)).toBe(true);
    expect(existsSync(edition.rubricFile)).toBe(true);
    expect(existsSync(edition.wordsModule!)).toBe(true);
  });

  it("plays the edition's rule set for the expected transcript", () => {
    const text = edition.transcripts.expected(edition.transcripts.cases[0]!);
    expect(text.startsWith('Shuffling the deck\ncut at 39\n')).toBe(true);
    expect(text.endsWith('after 3 hands\n')).toBe(true);
  });

  it('draws generated cases from a fixed seed', () => {
    const words = fc.tuple(fc.nat(99).map(String), fc.constantFrom('simple', 'counting'));
    expect(generated(7, words, 5)).toEqual(generated(7, words, 5));
    expect(generated(7, words, 5).every((c) => c.group === 'generated' && c.words.length === 2)).toBe(true);
  });
});

describe('the hand suites deal from one deck', () => {
  it('no script adds one card twice before it discards: every counterexample is a hand a game can reach', async () => {
    const exec = referenceExec({ 'hand.ts': () => import('../reference/hand.ts') });
    let hands = 0;
    for (const test of handTests) {
      await test.run({
        seed: 20261126,
        numRuns: 100,
        exec: (scripts) => {
          for (const script of scripts) {
            let held = new Set<string>();
            for (const step of script.wire()) {
              if (step.op !== 'call') continue;
              if (step.method === 'discardAll') held = new Set();
              if (step.method !== 'addCard') continue;
              const card = JSON.stringify(step.args[0]);
              expect(held.has(card), `${test.id}: ${card} twice`).toBe(false);
              held.add(card);
            }
            hands++;
          }
          return exec(scripts);
        },
      });
    }
    expect(hands).toBeGreaterThan(1000);
  });
});
