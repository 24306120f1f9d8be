// On the empty table only 7S may be played: not another seven, not another spade.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { legalPlays } from '../rules';
import { cards, table } from './cards';

test('7D 6S 7S 8S on the empty table: only 7S', () => {
  assert.deepEqual(legalPlays(cards('7D 6S 7S 8S'), table('')), cards('7S'));
});
