// The minbet assignment (SPEC sections 4 and 7): the kit's Blackjack edition with the minbet rule set
// (the 2017 edition: a given minimum bet, `# ` before the announcements, an optional cuts file for the
// first shuffle). Its player.ts is the one-player contract's, tested as classic's is; what is its own
// is the driver: its transcript cases (with their cuts files), its mutants and its starter.
import { blackjackAssignment } from '@pitboss/blackjack-kit/assignment';
import { playerTests } from '@pitboss/blackjack-kit/suites/players';
import type { Assignment } from '@pitboss/grader/kit';
import { starterFiles, stubs } from './starter.ts';
import { transcriptCases } from './transcripts.ts';

export const assignment: Assignment = blackjackAssignment({
  name: 'minbet',
  title:
    'Blackjack (minbet, 2017): a minimum bet, announcements and a cuts file; Deck, Hand, Player and the driver',
  version: '2',
  seed: 20170301,
  rules: 'minbet',
  folder: import.meta.url,
  unitTests: playerTests,
  transcriptCases,
  stubs,
  starterFiles,
  // What the 12 drawn games must reach between them, each in this many games at least. A bet of the
  // whole bankroll is the player tests' (player.counting-count).
  situations: {
    playerNatural: 2,
    dealerNatural: 2,
    push: 2,
    dealerBust: 3,
    dealerSoft17: 3,
    reshuffle: 3,
    betAtMinimum: 3,
    crossesThreshold: 2,
  },
});
