// After the opening a seven starts the pile of its suit.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { legalPlays } from '../rules';
import { cards, table } from './cards';

test('7C 8C 7H after 7S: both sevens', () => {
  assert.deepEqual(legalPlays(cards('7C 8C 7H'), table('7S')), cards('7C 7H'));
});
