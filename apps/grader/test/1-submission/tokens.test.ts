// Submission tokens (tokens.ts) as rules: within any refill period no more tokens are spent than the
// allowance; a refunded submission never counts; the next token comes back after now, and one is
// there by then; waiting never costs a token. Then the rubric's policy and Gradescope's metadata as read.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSubmissionMetadata } from '../../src/1-submission/submission-metadata.ts';
import {
  type EarlierSubmission,
  refillMs,
  spendTimes,
  type TokenPolicy,
  tokenStanding,
  tokensAvailable,
} from '../../src/1-submission/tokens.ts';
import { readSubmissionPolicy } from '../../src/2-plan/rubric.ts';
import type { PitbossError } from '../../src/plumbing/errors.ts';
import { REPO_ROOT, scratch } from '../support.ts';

const HOUR = 3_600_000;
const policyArb: fc.Arbitrary<TokenPolicy> = fc.record({
  tokens: fc.integer({ min: 1, max: 5 }),
  refillMs: fc.integer({ min: 1, max: 48 }).map((hours) => hours * HOUR),
});
/** Submission times over a few days, on a minute grid so that ties and exact refills happen. */
const timeArb = fc.integer({ min: 0, max: 5 * 24 * 60 }).map((minutes) => minutes * 60_000);
const earlierArb: fc.Arbitrary<EarlierSubmission[]> = fc.array(
  fc.record({ at: timeArb, refunded: fc.boolean() }),
  { maxLength: 30 },
);

describe('submission tokens', () => {
  it('property: within any refill period, no more tokens are spent than the allowance', () => {
    fc.assert(
      fc.property(policyArb, earlierArb, (policy, earlier) => {
        const spends = spendTimes(policy, earlier);
        for (const at of spends)
          expect(
            spends.filter((other) => other <= at && other > at - policy.refillMs).length,
          ).toBeLessThanOrEqual(policy.tokens);
      }),
    );
  });

  it('property: a refunded submission (the machinery failed on it) never counts, wherever it lies', () => {
    fc.assert(
      fc.property(policyArb, earlierArb, earlierArb, timeArb, (policy, earlier, failures, now) => {
        const refunded = failures.map((failure) => ({ ...failure, refunded: true }));
        expect(tokenStanding(policy, [...earlier, ...refunded], now)).toEqual(
          tokenStanding(policy, earlier, now),
        );
      }),
    );
  });

  it('property: the next token comes back after now, and a submission then finds one', () => {
    fc.assert(
      fc.property(policyArb, earlierArb, timeArb, (policy, all, now) => {
        // Gradescope's earlier submissions all came before this one.
        const earlier = all.filter((submission) => submission.at < now);
        const standing = tokenStanding(policy, earlier, now);
        expect(standing.nextAt).toBeGreaterThan(now);
        expect(standing.left).toBeGreaterThanOrEqual(0);
        expect(standing.left).toBeLessThan(policy.tokens);
        const withThis = standing.spent ? [...earlier, { at: now, refunded: false }] : earlier;
        expect(tokensAvailable(policy, withThis, standing.nextAt)).toBeGreaterThan(standing.left);
        expect(tokenStanding(policy, withThis, standing.nextAt).spent).toBe(true);
      }),
    );
  });

  it('property: waiting never costs a token (the tokens a submission finds never fall as its time moves on)', () => {
    fc.assert(
      fc.property(policyArb, earlierArb, timeArb, timeArb, (policy, earlier, a, b) => {
        const [soon, late] = a <= b ? [a, b] : [b, a];
        const past = earlier.filter((submission) => submission.at <= soon);
        expect(tokensAvailable(policy, past, late)).toBeGreaterThanOrEqual(
          tokensAvailable(policy, past, soon),
        );
      }),
    );
  });

  it('property: a submission spends a token exactly when it finds one, and is past the limit only after the allowance was spent', () => {
    fc.assert(
      fc.property(policyArb, earlierArb, timeArb, (policy, earlier, now) => {
        const found = tokensAvailable(policy, earlier, now);
        const standing = tokenStanding(policy, earlier, now);
        expect(standing.spent).toBe(found > 0);
        expect(standing.left).toBe(standing.spent ? found - 1 : 0);
        const counted = earlier.filter((submission) => !submission.refunded && submission.at <= now);
        if (counted.length < policy.tokens) expect(standing.spent).toBe(true);
      }),
    );
  });

  it('three a day, the fourth within 24 hours past the limit; the first token back 24 hours after it was spent', () => {
    const policy = { tokens: 3, refillMs: 24 * HOUR };
    const at = (iso: string) => Date.parse(iso);
    const earlier = ['2026-11-02T09:00:00Z', '2026-11-02T12:00:00Z', '2026-11-02T15:00:00Z'].map((iso) => ({
      at: at(iso),
      refunded: false,
    }));
    expect(tokenStanding(policy, earlier, at('2026-11-02T20:00:00Z'))).toEqual({
      spent: false,
      left: 0,
      nextAt: at('2026-11-03T09:00:00Z'),
    });
    expect(tokenStanding(policy, earlier, at('2026-11-03T09:00:00Z'))).toEqual({
      spent: true,
      left: 0,
      nextAt: at('2026-11-03T12:00:00Z'),
    });
    // The second one failed to grade: refunded, so a token is left.
    const failed = earlier.map((submission, i) => ({ ...submission, refunded: i === 1 }));
    expect(tokenStanding(policy, failed, at('2026-11-02T20:00:00Z'))).toEqual({
      spent: true,
      left: 0,
      nextAt: at('2026-11-03T09:00:00Z'),
    });
  });

  it('reads refill periods in minutes, hours and days, and nothing else', () => {
    expect(refillMs('90m')).toBe(90 * 60_000);
    expect(refillMs('24h')).toBe(24 * HOUR);
    expect(refillMs('7d')).toBe(7 * 24 * HOUR);
    for (const text of ['0h', '24', 'h', '1.5h', '24 h', '1w', '-1d']) expect(refillMs(text)).toBeUndefined();
  });
});

describe('the rubric declares the policy', () => {
  const rubricWith = (submissions: unknown) => {
    const file = join(scratch(), 'rubric.json');
    const tests = [{ match: '*', points: 1, visibility: 'visible' }];
    writeFileSync(file, JSON.stringify(submissions === undefined ? { tests } : { tests, submissions }));
    return file;
  };
  const refused = (file: string) => {
    try {
      readSubmissionPolicy(file);
    } catch (error) {
      return error as PitbossError;
    }
    return undefined;
  };

  it('as tokens and a refill period; none declared is no policy', () => {
    expect(readSubmissionPolicy(rubricWith({ tokens: 3, refill: '24h' }))).toEqual({
      tokens: 3,
      refillMs: 24 * HOUR,
    });
    expect(readSubmissionPolicy(rubricWith(undefined))).toBeUndefined();
    expect(readSubmissionPolicy(join(REPO_ROOT, 'graders/classic/rubric.json'))).toBeUndefined();
  });

  it.each([
    ['no tokens', { refill: '24h' }],
    ['zero tokens', { tokens: 0, refill: '24h' }],
    ['a fraction of a token', { tokens: 1.5, refill: '24h' }],
    ['a refill that is no period', { tokens: 3, refill: 'daily' }],
    ['an unknown key', { tokens: 3, refill: '24h', timezone: 'UTC' }],
  ])('refuses %s: BAD_RUBRIC, one line', (_, submissions) => {
    const error = refused(rubricWith(submissions));
    expect(error?.code).toBe('BAD_RUBRIC');
    expect(error?.message).toMatch(/^rubric .*rubric\.json: \/submissions/);
    expect(error?.message.split('\n')).toHaveLength(1);
  });
});

describe("Gradescope's submission_metadata.json", () => {
  const FIXTURES = join(REPO_ROOT, 'fixtures/gradescope');

  it('gives the submission time as now, and each earlier one, refunded where the grading machinery failed', () => {
    const metadata = readSubmissionMetadata(join(FIXTURES, 'past-the-limit/submission_metadata.json'));
    expect(metadata.now).toBe(Date.parse('2026-11-02T20:00:00.000000-00:00'));
    expect(metadata.earlier.map((earlier) => [new Date(earlier.at).toISOString(), earlier.refunded])).toEqual(
      [
        ['2026-11-02T09:00:00.000Z', false],
        ['2026-11-02T12:00:00.000Z', false],
        ['2026-11-02T13:30:00.000Z', true],
        ['2026-11-02T15:00:00.000Z', false],
      ],
    );
  });

  it.each([
    ['no JSON', 'not json'],
    ['no created_at', JSON.stringify({ previous_submissions: [] })],
    ['a time that is none', JSON.stringify({ created_at: 'yesterday', previous_submissions: [] })],
    [
      'an earlier submission with no time',
      JSON.stringify({ created_at: '2026-11-02T20:00:00Z', previous_submissions: [{ score: 1 }] }),
    ],
  ])('refuses %s: BAD_SUBMISSION_METADATA, one line', (_, text) => {
    const file = join(scratch(), 'submission_metadata.json');
    writeFileSync(file, text);
    let error: PitbossError | undefined;
    try {
      readSubmissionMetadata(file);
    } catch (caught) {
      error = caught as PitbossError;
    }
    expect(error?.code).toBe('BAD_SUBMISSION_METADATA');
    expect(error?.message.split('\n')).toHaveLength(1);
  });
});
