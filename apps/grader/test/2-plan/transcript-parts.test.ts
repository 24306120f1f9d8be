// rubric.json's transcriptParts: how a transcript test's points are shared between its game and its
// format. Relative weights, 80/20 when absent; every edition's plan gives its transcripts the shares,
// and the report schema holds a result's parts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import reportSchema from '../../schema/report.schema.json' with { type: 'json' };
import { planTests } from '../../src/2-plan/plan.ts';
import { applyRubric, DEFAULT_TRANSCRIPT_WEIGHTS } from '../../src/2-plan/rubric.ts';
import { loadAssignment } from '../../src/assignment/load.ts';
import { scratch } from '../support.ts';

const rubric = (extra: Record<string, unknown>): string => {
  const file = join(scratch(), 'rubric.json');
  writeFileSync(
    file,
    JSON.stringify({ tests: [{ match: 'transcript.*', points: 1, visibility: 'visible' }], ...extra }),
  );
  return file;
};

describe('transcriptParts in a rubric', () => {
  it('are relative weights, made fractions; 80/20 when absent', () => {
    expect(
      applyRubric(rubric({ transcriptParts: { game: 3, format: 1 } }), ['transcript.a']).transcriptParts,
    ).toEqual({
      game: 0.75,
      format: 0.25,
    });
    expect(applyRubric(rubric({}), ['transcript.a']).transcriptParts).toEqual(DEFAULT_TRANSCRIPT_WEIGHTS);
    expect(DEFAULT_TRANSCRIPT_WEIGHTS.game).toBeGreaterThan(DEFAULT_TRANSCRIPT_WEIGHTS.format);
  });

  it('refuse both weights 0, a negative weight or an unknown key, with a stable code', () => {
    for (const transcriptParts of [
      { game: 0, format: 0 },
      { game: -1, format: 2 },
      { game: 1, format: 1, exact: 1 },
    ])
      expect(() => applyRubric(rubric({ transcriptParts }), ['transcript.a'])).toThrow(
        expect.objectContaining({ code: 'BAD_RUBRIC' }),
      );
  });

  it.each(['classic', 'minbet', 'crusaders', 'table', 'straights'])(
    '%s: every transcript test gets the shares, no other test does',
    async (name) => {
      const assignment = await loadAssignment(name);
      expect(assignment.transcripts.events).toBeDefined();
      const plan = planTests(assignment);
      for (const test of plan)
        expect(test.parts, test.id).toEqual(
          test.kind === 'transcript' ? { game: 0.8, format: 0.2 } : undefined,
        );
    },
  );

  it('the report schema holds a result with parts, and refuses a part without its points', () => {
    const parts = {
      game: { passed: true, score: 0.4, maxScore: 0.4, at: { round: 2, line: 430 } },
      format: { passed: false, score: 0, maxScore: 0.1, only: 'prompts' },
    };
    const ajv = new Ajv({ strict: false });
    ajv.addSchema(reportSchema, 'report');
    const check = ajv.compile({ $ref: 'report#/definitions/test' });
    const test = {
      id: 'transcript.course.own:1',
      name: 'straights 1',
      file: 'all files',
      kind: 'transcript',
      visibility: 'visible',
      status: 'failed',
      score: 0.4,
      maxScore: 0.5,
      parts,
    };
    expect(check(test), JSON.stringify(check.errors)).toBe(true);
    expect(check({ ...test, parts: { ...parts, game: { passed: true } } })).toBe(false);
  });
});
