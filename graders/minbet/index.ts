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
  version: '1',
  seed: 20170301,
  rules: 'minbet',
  folder: import.meta.url,
  unitTests: playerTests,
  transcriptCases,
  stubs,
  starterFiles,
});
