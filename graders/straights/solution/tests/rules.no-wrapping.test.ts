// An Ace and a King never meet: no Ace above a pile's King, no King below its Ace.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { legalPlays } from '../rules';
import { cards, table } from './cards';

test('AH on hearts 7..K and KS on spades A..7 are not legal', () => {
  assert.deepEqual(legalPlays(cards('AH KS'), table('7H 8H 9H TH JH QH KH AS 2S 3S 4S 5S 6S 7S')), []);
});
