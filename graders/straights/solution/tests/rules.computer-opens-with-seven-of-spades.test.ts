// The computer holding 7S opens with it, wherever it is in the hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computerMove } from '../rules';
import { card, cards, table } from './cards';

test('7C AS 7S: plays 7S', () => {
  assert.deepEqual(computerMove(cards('7C AS 7S'), table('')), { play: card('7S') });
});
