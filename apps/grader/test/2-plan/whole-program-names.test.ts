// A whole program's transcript tests are named by the command the grader really runs, as the course
// ran the program: CMSC 202's `./Proj2.out <name> <funds> ...` with the case's seed in the environment
// (not the TypeScript edition's `main --seed <n>`), CS246's `./straights <seed>`; a unit script of the
// table's Blackjack class by the harness that calls the student's classes.
import { describe, expect, it } from 'vitest';
import { planForEdition, planTests } from '../../src/2-plan/plan.ts';
import { loadAssignment } from '../../src/assignment/load.ts';

const namesOf = async (rules: string) => {
  const assignment = await loadAssignment(rules);
  const edition = assignment.languages!.cpp!;
  return planForEdition(planTests(assignment), assignment, edition).map((test) => test.name);
};

describe("a whole program's tests, named by the command really run", () => {
  it("CMSC 202: ./Proj2.out with the course's names and funds, the seed in PITBOSS_SEED; the unit scripts by the harness", async () => {
    const names = await namesOf('table');
    expect(names).toContain('PITBOSS_SEED=3 ./Proj2.out Joe 100 Sally 200 < handout.in (your program)');
    expect(names).toContain("your classes, called by the grader's harness < set-player-bet.calls");
    expect(
      names.filter((name) => name.startsWith("your classes, called by the grader's harness")).length,
    ).toBe(8);
    expect(names.some((name) => /--seed|^main\b|unit </.test(name))).toBe(false);
    for (const name of names)
      expect(name).toMatch(
        /^(PITBOSS_SEED=\d+ \.\/Proj2\.out |your classes, called by the grader's harness < )/,
      );
  });

  it('CS246: ./straights <seed> < <input>', async () => {
    const names = await namesOf('straights');
    expect(names).toContain('./straights 1 < allc.in (your program)');
    for (const name of names) expect(name).toMatch(/^\.\/straights -?\d+ < \S+\.in \(your program\)$/);
  });
});
