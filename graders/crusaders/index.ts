// The crusaders assignment (SPEC sections 6 and 7; the rules of compat/crusaders/README.md): the kit's
// Blackjack edition with the crusaders rule set, the teams and characters it provides, its character
// tests, transcript cases and starter.
import { fileURLToPath } from 'node:url';
import { blackjackAssignment } from '@pitboss/blackjack-kit/assignment';
import type { Assignment } from '@pitboss/grader/kit';
import { starterFiles, stubs } from './starter.ts';
import { unitTests } from './suites/index.ts';
import { transcriptCases } from './transcripts.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const assignment: Assignment = blackjackAssignment({
  name: 'crusaders',
  title:
    'Blackjack (crusaders): SOS Brigade vs Stardust Crusaders, Deck, Hand, the characters and the driver',
  version: '2',
  seed: 20210709,
  rules: 'crusaders',
  folder: import.meta.url,
  unitTests,
  transcriptCases,
  providedFiles: [
    { name: 'team.ts', source: here('../../packages/player/src/team.ts') },
    { name: 'characters.ts', source: here('./provided/characters.ts') },
  ],
  stubs,
  starterFiles,
  playerRecorder: here('./recording/player.ts'),
  // What the 12 drawn games must reach between them, each in this many games at least: the deck running
  // out mid-hand is this edition's own (time stops deal many cards), a bet of the whole bankroll is not.
  situations: {
    playerNatural: 2,
    dealerNatural: 2,
    push: 2,
    dealerBust: 3,
    dealerSoft17: 3,
    reshuffle: 3,
    deckEmpty: 2,
    betAtMinimum: 3,
    crossesThreshold: 2,
  },
});
