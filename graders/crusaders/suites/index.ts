// Every unit test of the crusaders assignment's own: its player.ts, the characters (characters/). The
// kit adds the deck and hand tests every edition shares.
import type { UnitTest } from '@pitboss/grader/kit';
import { betRuleTests } from './characters/bet-rules.ts';
import { chartTests } from './characters/chart.ts';
import { countTest } from './characters/count.ts';
import { instancesTest } from './characters/instances.ts';
import { namesTest } from './characters/names.ts';

export const unitTests: readonly UnitTest[] = [
  ...chartTests,
  ...betRuleTests,
  countTest,
  namesTest,
  instancesTest,
];
