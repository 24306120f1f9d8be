// The table's settling in any of the course's or students' words (SPEC section 8's last bullets): the
// same game whoever's words say it, the outcome belonging to the player the line names; what a hand
// makes read from its cards, never from the word printed for it. A real rule bug is another game.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTableEvents } from '../events.ts';
import { referenceOf, transcriptCases } from '../transcripts.ts';

const keys = (output: string) => readTableEvents(output).map((event) => event.key);

/** A one-player round as the course prints it: Sally's cards and hits, the dealer's, the two result lines. */
function round(sally: string[], dealer: string[], dealerLine: string, settleLine: string): string {
  const lines = [
    'Welcome to CMSC 202 Blackjack!',
    '',
    'Round 1:',
    'How much does Sally bet? ',
    "The players' hands:",
    `Sally: ${sally.slice(0, 2).join(', ')}`,
    `Dealer: ${dealer[0]}, [hidden card]`,
    '',
    ">>Sally's turn:",
    `Hand: ${sally.slice(0, 2).join(', ')}`,
    ...sally
      .slice(2)
      .flatMap((card, i) => ["Sally's play: ", card, `Hand: ${sally.slice(0, 3 + i).join(', ')}`]),
    "Sally's play: ",
    '',
    "Dealer's turn:",
    `Hand: ${dealer.slice(0, 2).join(', ')}`,
    ...dealer
      .slice(2)
      .flatMap((card, i) => ["Dealer's play: hit", card, `Hand: ${dealer.slice(0, 3 + i).join(', ')}`]),
    "Dealer's play: stay",
    '',
    dealerLine,
    settleLine,
    '',
    'Sally now has $100',
    '',
    'Another round? ',
    '',
    '',
    'Goodbye!',
  ];
  return `${lines.join('\n')}\n`;
}

const BOTH_BLACKJACK = (dealerLine: string, settleLine: string) =>
  round(['Ace of Spades', 'King of Hearts'], ['Ten of Clubs', 'Ace of Diamonds'], dealerLine, settleLine);
// 20 in two cards against the dealer's 20 in three: a tie.
const EQUAL_TOTALS = (settleLine: string) =>
  round(
    ['Ten of Spades', 'Queen of Hearts'],
    ['Six of Clubs', 'Four of Diamonds', 'Queen of Clubs'],
    'Dealer has 20',
    settleLine,
  );
// Sally busts, then the dealer busts too: Sally still loses.
const BOTH_BUST = (settleLine: string) =>
  round(
    ['Ten of Spades', 'Six of Hearts', 'King of Hearts'],
    ['Ten of Clubs', 'Six of Diamonds', 'Nine of Clubs'],
    'Dealer has busted',
    settleLine,
  );

describe('table settling, in any words', () => {
  it("reads the course's words and the students' for a tie of two blackjacks as one game", () => {
    const course = keys(BOTH_BLACKJACK('Dealer has blackjack', 'Sally has blackjack--Tie'));
    expect(course).toContain('settle sally tie');
    expect(course).toContain('dealer blackjack');
    for (const [dealerLine, settleLine] of [
      ['Dealer has 21', 'Sally has 21--Tie'],
      ['Dealer has blackjack', 'Sally has blackjack--tie'],
      ['Dealer has 21', 'Sally has 21--Push'],
      ['DEALER HAS 21', 'SALLY HAS BLACKJACK--PUSH'],
      ['Dealer has blackjack', 'Sally has 21 -- push'],
    ])
      expect(keys(BOTH_BLACKJACK(dealerLine!, settleLine!)), settleLine).toEqual(course);
  });

  it('reads a win in any of its words as the win of the player the line names', () => {
    const win = (settleLine: string) =>
      keys(
        round(
          ['Ten of Spades', 'Queen of Hearts'],
          ['Ten of Clubs', 'Seven of Diamonds'],
          'Dealer has 17',
          settleLine,
        ),
      );
    const course = win('Sally has 20--Dealer loses');
    expect(course).toContain('settle sally win');
    for (const settleLine of [
      'Sally has 20--Sally wins',
      'Sally has 20--Player wins',
      'sally has 20--dealer LOSES',
      'Sally has 20 - Sally wins!',
    ])
      expect(win(settleLine), settleLine).toEqual(course);
    expect(win('Sally has 20--Dealer wins')).not.toEqual(course);
    expect(win('Sally has 20--Tie')).not.toEqual(course);
  });

  it('tells the rule bug of the fewer cards winning equal totals from the tie', () => {
    const course = keys(EQUAL_TOTALS('Sally has 20--Tie'));
    expect(course).toContain('settle sally tie');
    expect(keys(EQUAL_TOTALS('Sally has 20--push'))).toEqual(course);
    expect(keys(EQUAL_TOTALS('Sally has 20--Sally wins'))).not.toEqual(course);
    expect(keys(EQUAL_TOTALS('Sally has 20--Dealer loses'))).not.toEqual(course);
  });

  it('tells the rule bug of a busted player winning when the dealer busts from the loss', () => {
    const course = keys(BOTH_BUST('Sally has busted--Dealer wins'));
    expect(course).toContain('settle sally loss');
    expect(course).toContain('dealer busted');
    expect(keys(BOTH_BUST('Sally has busted--Sally loses'))).toEqual(course);
    expect(keys(BOTH_BUST('Sally has busted--Dealer loses'))).not.toEqual(course);
    expect(keys(BOTH_BUST('Sally has busted--Tie'))).not.toEqual(course);
    expect(keys(BOTH_BUST('Sally has busted--Player wins'))).not.toEqual(course);
  });

  it('reads what a hand makes from its cards, never from its words: a wrong total printed is the format', () => {
    const course = EQUAL_TOTALS('Sally has 20--Tie');
    expect(
      keys(course.replace('Dealer has 20', 'Dealer has 19').replace('Sally has 20', 'Sally has 12')),
    ).toEqual(keys(course));
    expect(
      readTableEvents(course)
        .find((event) => event.key === 'settle sally tie')!
        .say('you'),
    ).toBe('you settle Sally, with 20, as a tie for Sally');
  });

  // The reference's games: every settling reworded, each line in words drawn from the course's and
  // the students', reads as the same game.
  const settled = transcriptCases
    .map((each) => referenceOf(each).text)
    .filter((output) => /--(Dealer wins|Dealer loses|Tie)$/m.test(output));
  const REWORDED: Readonly<Record<string, (name: string) => string[]>> = {
    'Dealer loses': (name) => [
      'Dealer loses',
      `${name} wins`,
      'Player wins',
      'dealer LOSES',
      `${name.toUpperCase()} WINS`,
    ],
    'Dealer wins': (name) => ['Dealer wins', `${name} loses`, 'Player loses', 'DEALER WINS'],
    Tie: () => ['Tie', 'tie', 'Push', 'push', 'TIE'],
  };

  it("reads every reference game's settlings reworded as the same game", () => {
    expect(settled.length).toBeGreaterThan(3);
    fc.assert(
      fc.property(fc.constantFrom(...settled), fc.infiniteStream(fc.nat()), (output, picks) => {
        const reworded = output
          .replace(
            /^(\w+) has (\d+|blackjack|busted)--(Dealer wins|Dealer loses|Tie)$/gm,
            (_, name: string, hand: string, result: string) => {
              const words = REWORDED[result]!(name);
              const total = hand === 'blackjack' && picks.next().value % 2 === 0 ? '21' : hand;
              return `${name} has ${total}--${words[picks.next().value % words.length]}`;
            },
          )
          .replace(/^Dealer has blackjack$/gm, 'Dealer has 21');
        expect(keys(reworded)).toEqual(keys(output));
      }),
      { numRuns: 24 },
    );
  });
});
