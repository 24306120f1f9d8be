// A pile takes the rank just below its lowest card and just above its highest, and nothing further.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { legalPlays } from '../rules';
import { cards, table } from './cards';

test('on hearts 5..9: 4H and TH, not 3H nor JH', () => {
  assert.deepEqual(legalPlays(cards('3H 4H TH JH'), table('5H 6H 7H 8H 9H 7S')), cards('4H TH'));
});
