import { classic } from './classic.ts';
import { crusaders } from './crusaders.ts';
import { minbet } from './minbet.ts';
import type { RuleSet } from './rule-set.ts';

/** Every rule set the CLI knows, by the name `--rules` takes; the first is the default. */
export const RULE_SETS: readonly RuleSet[] = [classic, minbet, crusaders];

export function findRuleSet(name: string): RuleSet | undefined {
  return RULE_SETS.find((rules) => rules.name === name);
}
