// What `pitboss init --assignment straights` writes for a student: the stubs of the two contract files,
// an example acceptance test about rules.ts, and what a folder needs to run its tests and its program.

const notImplemented = "throw new Error('not implemented');";

export const stubs = {
  rules: `// What may be played, and what a computer player does: pure functions of a hand and the table.
import type { Card } from './card';
import type { Table } from './table';

/** One turn's move: a play or a discard. */
export type Move = { play: Card } | { discard: Card };

/** The cards of \`hand\` that may be played on \`table\`, in hand order. */
export function legalPlays(hand: readonly Card[], table: Table): Card[] {
  ${notImplemented}
}

/** The computer's move: the first legal play in its hand, else a discard of its first card. */
export function computerMove(hand: readonly Card[], table: Table): Move {
  ${notImplemented}
}
`,
  straights: `// straights [<seed>]: the game for four players, humans or computers, reading commands from stdin.
// Write it in as many modules of your own as you like (each a .ts file beside this one).
import { MinstdRand0, shuffle } from './rand';
import { computerMove, legalPlays } from './rules';

${notImplemented}
`,
};

const exampleTest = `// An acceptance test, one behaviour per file: with only the seven of spades on the table, the three
// other sevens and the six and eight of spades may be played, in the order of the hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Rank, Suit } from '../card';
import { legalPlays } from '../rules';
import { tableOf } from '../table';

test('after 7S: the other sevens and 6S/8S are legal, in hand order', () => {
  const hand = [
    { rank: Rank.EIGHT, suit: Suit.SPADES },
    { rank: Rank.KING, suit: Suit.HEARTS },
    { rank: Rank.SEVEN, suit: Suit.CLUBS },
    { rank: Rank.SIX, suit: Suit.SPADES },
  ];
  const table = tableOf([{ rank: Rank.SEVEN, suit: Suit.SPADES }]);
  assert.deepEqual(legalPlays(hand, table), [hand[0], hand[2], hand[3]]);
});
`;

const packageJson = `${JSON.stringify(
  {
    name: 'straights-submission',
    private: true,
    type: 'module',
    scripts: {
      straights: 'tsx straights.ts',
      test: 'tsx --test tests/*.test.ts',
    },
    devDependencies: { '@types/node': '^20.19.0', tsx: '^4.20.0', typescript: '~5.9.3' },
  },
  null,
  2,
)}\n`;

const tsconfig = `${JSON.stringify(
  {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      strict: true,
      noEmit: true,
      allowImportingTsExtensions: true,
      types: ['node'],
    },
    include: ['*.ts', 'tests'],
  },
  null,
  2,
)}\n`;

const readme = `# Straights submission (CS246)

Write \`straights.ts\`, the program (\`straights [<seed>]\`, commands on stdin, the game on stdout, as the
handout shows), in as many modules of your own as you like, each a \`.ts\` file beside it; and \`rules.ts\`,
whose \`legalPlays(hand, table)\` and \`computerMove(hand, table)\` are tested on their own. Do not edit
\`card.ts\`, \`rand.ts\` or \`table.ts\`: they are replaced by pristine copies before grading. A module may
import only the files beside it and Node's built-ins.

- \`pitboss check <this folder>\` (from the Pitboss repo: \`pnpm --silent pitboss check <this folder>\`) runs the
  visible tests and tells you what fails: a rules.ts test with the smallest hand and table it found, a
  transcript with the first line that differs.
- \`npm install\` here once, then \`npm test\` runs your own acceptance tests in \`tests/\` (one behaviour per
  file, with \`node:test\` and \`node:assert\`; they are about rules.ts), and
  \`printf 'c\\nc\\nc\\nc\\n' | npm run --silent straights -- 6788\` plays four computers.
`;

export const starterFiles: Readonly<Record<string, string>> = {
  'tests/rules.sevens-after-seven-of-spades.test.ts': exampleTest,
  'package.json': packageJson,
  'tsconfig.json': tsconfig,
  'README.md': readme,
  'pitboss.json': `${JSON.stringify({ assignment: 'straights' }, null, 2)}\n`,
};
