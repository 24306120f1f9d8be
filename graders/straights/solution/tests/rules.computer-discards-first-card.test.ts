// With no legal play the computer discards the first card of its hand (not the lowest, not the last).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computerMove } from '../rules';
import { card, cards, table } from './cards';

test('QH 2C 5D on 7S: discards QH', () => {
  assert.deepEqual(computerMove(cards('QH 2C 5D'), table('7S')), { discard: card('QH') });
});
