// Corner coverage of an assignment's suites (kit/coverage.ts): every declared situation counted on
// the draws the fixed seeds give, held against its floor. Deterministic and cheap: it classifies
// generated inputs in this process and never runs a submission.

import { testSeed } from '../2-plan/plan.ts';
import type { Assignment } from '../kit/assignment.ts';
import { countSituations, drawsOf, type PropertyCoverage } from '../kit/coverage.ts';

/** Each declaring property's distribution: the unit tests' properties, then the transcript groups. */
export function suiteCoverage(assignment: Assignment): PropertyCoverage[] {
  const properties: PropertyCoverage[] = [];
  for (const test of assignment.unitTests) {
    if (test.coverage === undefined) continue;
    const draws = drawsOf(test.coverage, testSeed(assignment.seed, test.id), assignment.numRuns);
    properties.push(countSituations(test.id, draws, test.coverage.situations));
  }
  const { cases, situations = {} } = assignment.transcripts;
  for (const [group, declared] of Object.entries(situations)) {
    const drawn = cases.filter((transcriptCase) => transcriptCase.group === group);
    properties.push(countSituations(`transcript.${group}`, drawn, declared));
  }
  return properties;
}

/** A situation its property's draws reach fewer times than its floor. */
export interface Shortfall {
  property: string;
  situation: string;
  count: number;
  floor: number;
}

export const shortfalls = (properties: readonly PropertyCoverage[]): Shortfall[] =>
  properties.flatMap((property) =>
    property.situations
      .filter((situation) => situation.count < situation.floor)
      .map(({ name, count, floor }) => ({ property: property.property, situation: name, count, floor })),
  );

const share = (count: number, draws: number): string =>
  draws === 0 ? '-' : `${((100 * count) / draws).toFixed(1)}%`;

/** The distribution as the instructor reads it: per property, per situation, count and share against the floor. */
export function renderCoverage(properties: readonly PropertyCoverage[]): string {
  if (properties.length === 0) return 'No property declares situations to reach.\n';
  const width = Math.max(
    ...properties.flatMap((property) => property.situations.map((situation) => situation.name.length)),
    9,
  );
  const out: string[] = [];
  for (const property of properties) {
    out.push(`property ${property.property}: ${property.draws} draws on its fixed seed`);
    for (const { name, count, floor } of property.situations) {
      out.push(
        `  ${count >= floor ? 'ok  ' : 'MISS'}  ${name.padEnd(width)}  ${String(count).padStart(5)}  ${share(count, property.draws).padStart(6)}  floor ${floor}`,
      );
    }
  }
  const missed = shortfalls(properties);
  out.push(
    missed.length === 0
      ? 'Every property reaches every situation it declares, at its floor or more.'
      : `${missed.length} situation${missed.length === 1 ? '' : 's'} below the floor: ${missed
          .map(
            (miss) =>
              `${miss.property}: "${miss.situation}" reached ${miss.count} times, floor ${miss.floor}`,
          )
          .join('; ')}`,
  );
  return `${out.join('\n')}\n`;
}
