import { describe, expect, it } from 'vitest';
import { pitboss } from '../support.ts';

// The second game proves the grader general: the same self-check, on a program in modules of the
// student's design and a rules.ts tested alone.
describe("pitboss mutants --assignment straights (the grader's self-check on CS246's Straights)", () => {
  const run = pitboss(['mutants', '--assignment', 'straights']);

  it('catches every mutant with a test about the file it changed, and judges every fixture right', () => {
    expect(run.stdout).toContain('The grader catches every mutant and judges every fixture right.');
    expect(run.status).toBe(0);
  });

  it("holds at least 30 mutants, of rules.ts and of the solution's own modules, each caught", () => {
    const rows = run.stdout.split('\n').filter((line) => /^[a-z]+\.[a-z0-9-]+ +(public|private) /.test(line));
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.every((line) => line.endsWith('yes'))).toBe(true);
    // rules.ts's by its unit tests; the program's modules' by transcripts with the reference rules.ts.
    expect(rows.some((line) => /^rules\.\S+ +public +\d+ +\. +\. +yes$/.test(line))).toBe(true);
    expect(rows.some((line) => /^game\.\S+ +public +\. +\d+ +\. +yes$/.test(line))).toBe(true);
    expect(run.stdout).toMatch(/ok +correct-state-machine/);
    expect(run.stdout).toMatch(/ok +wrong-game-ends-above-80/);
    // The right game in a format of its own: every game part kept, format parts lost.
    expect(run.stdout).toMatch(/ok +format-own-wording +[\d.]+\/[\d.]+ +expected game right, format lost/);
  });
}, 1_800_000);
