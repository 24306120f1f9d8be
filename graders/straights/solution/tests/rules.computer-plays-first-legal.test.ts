// With a legal play the computer plays the first legal card of its hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computerMove } from '../rules';
import { card, cards, table } from './cards';

test('QH 8S 2C 6S on 7S: plays 8S', () => {
  assert.deepEqual(computerMove(cards('QH 8S 2C 6S'), table('7S')), { play: card('8S') });
});
