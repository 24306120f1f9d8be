// legalPlays lists the legal cards in the order of the hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { legalPlays } from '../rules';
import { cards, table } from './cards';

test('JD 8S AC 6S on 7S: 8S then 6S', () => {
  assert.deepEqual(legalPlays(cards('JD 8S AC 6S'), table('7S')), cards('8S 6S'));
});
