// The classic assignment (SPEC sections 1-3 and 7): the kit's Blackjack edition with the classic rule
// set, its transcript cases and its starter.
import { fileURLToPath } from 'node:url';
import { blackjackAssignment } from '@pitboss/blackjack-kit/assignment';
import type { Assignment } from '@pitboss/grader/kit';
import { cppEdition } from './cpp.ts';
import { starterFiles, stubs } from './starter.ts';
import { unitTests } from './suites/index.ts';
import { transcriptCases } from './transcripts.ts';

const typescript: Assignment = blackjackAssignment({
  name: 'classic',
  title: 'Blackjack (classic): Deck, Hand, Player and the driver',
  version: '2',
  seed: 20261121,
  rules: 'classic',
  folder: import.meta.url,
  unitTests,
  transcriptCases,
  stubs,
  starterFiles,
  liveTestsModule: fileURLToPath(new URL('./live.ts', import.meta.url)),
  // What the 12 drawn games must reach between them, each in this many games at least.
  situations: {
    playerNatural: 2,
    dealerNatural: 2,
    push: 2,
    dealerBust: 3,
    dealerSoft17: 3,
    reshuffle: 3,
    betAtMinimum: 3,
    betAtBankroll: 1,
    crossesThreshold: 2,
  },
});

/** The classic assignment, in TypeScript and (a folder of .cpp files, or pitboss.json's "language") in C++. */
export const assignment: Assignment = { ...typescript, languages: { cpp: cppEdition(typescript) } };
