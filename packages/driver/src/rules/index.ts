import { classic } from './classic.ts';
import { crusaders } from './crusaders.ts';
import { minbet } from './minbet.ts';
import type { RuleSet } from './rule-set.ts';
import { table } from './table.ts';

const BY_NAME = { classic, minbet, crusaders, table } as const;

export type RuleSetName = keyof typeof BY_NAME;

/** Every rule set the CLI knows, by the name `--rules` takes; the first is the default. */
export const RULE_SETS: readonly RuleSet<unknown>[] = [classic, minbet, crusaders, table];

/** A rule set by name; a name written in the code gets its rule set's own setup type. */
export function findRuleSet<Name extends RuleSetName>(name: Name): (typeof BY_NAME)[Name];
export function findRuleSet(name: string): RuleSet<unknown> | undefined;
export function findRuleSet(name: string): RuleSet<unknown> | undefined {
  return RULE_SETS.find((rules) => rules.name === name);
}
