// Submission tokens (rubric.json `submissions`), as Marmoset's release tokens work: a student holds
// `tokens` of them; each graded submission spends one while one is left, and a spent token comes back
// `refill` after the submission that spent it. A submission past the limit spends nothing (it is still
// scored); a submission the grading machinery failed on is refunded: it never spent one. Pure
// arithmetic on times in milliseconds: "now" is the submission's own time, never the clock.

export interface TokenPolicy {
  /** How many a student holds at most (at least 1). */
  tokens: number;
  /** How long after the submission that spent it a token comes back, in milliseconds. */
  refillMs: number;
}

/** An earlier submission: when, and whether the grading machinery failed on it (refunded). */
export interface EarlierSubmission {
  at: number;
  refunded: boolean;
}

export interface TokenStanding {
  /** This submission spent a token (its hidden tests' detail is shown); false: past the limit. */
  spent: boolean;
  /** Tokens left after this submission. */
  left: number;
  /** When the next spent token comes back (always after `now`). */
  nextAt: number;
}

/** The tokens spent at `at` still out (not yet back) at `now`. */
const outAt = (spends: readonly number[], refillMs: number, now: number) =>
  spends.filter((at) => at + refillMs > now);

/** The times the earlier submissions spent a token, oldest first: each spends one if one is left. */
export function spendTimes(policy: TokenPolicy, earlier: readonly EarlierSubmission[]): number[] {
  const spends: number[] = [];
  const counted = earlier.filter((submission) => !submission.refunded).map((submission) => submission.at);
  for (const at of counted.sort((a, b) => a - b))
    if (outAt(spends, policy.refillMs, at).length < policy.tokens) spends.push(at);
  return spends;
}

/** How many tokens a submission at `now` would find, after `earlier` (only those before `now` count). */
export function tokensAvailable(
  policy: TokenPolicy,
  earlier: readonly EarlierSubmission[],
  now: number,
): number {
  const spends = spendTimes(
    policy,
    earlier.filter((submission) => submission.at <= now),
  );
  return policy.tokens - outAt(spends, policy.refillMs, now).length;
}

/** What a submission at `now` spends, and what it leaves. */
export function tokenStanding(
  policy: TokenPolicy,
  earlier: readonly EarlierSubmission[],
  now: number,
): TokenStanding {
  const before = earlier.filter((submission) => submission.at <= now);
  const out = outAt(spendTimes(policy, before), policy.refillMs, now);
  const spent = out.length < policy.tokens;
  if (spent) out.push(now);
  return { spent, left: policy.tokens - out.length, nextAt: Math.min(...out) + policy.refillMs };
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A refill period as the rubric writes it (`90m`, `24h`, `7d`) in milliseconds; undefined if it is none. */
export function refillMs(text: string): number | undefined {
  const match = /^([1-9]\d{0,5})([mhd])$/.exec(text);
  return match === null ? undefined : Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}
