// Reads a transcript back into hands, independently of the engine, so properties can check it.

const SPOT = '(Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King|Ace)';
const SUIT = '(Spades|Hearts|Clubs|Diamonds)';
const CARD = `${SPOT} of ${SUIT}`;

/** Every line a classic transcript may hold; minbet's are the same with `# ` on some. */
const GRAMMAR: Record<string, RegExp> = {
  shuffling: /^Shuffling the deck$/,
  cut: /^cut at (\d+)$/,
  hand: /^Hand (\d+) bankroll (-?\d+)$/,
  bets: /^Player bets (\d+)$/,
  playerDealt: new RegExp(`^Player dealt ${CARD}$`),
  dealerDealt: new RegExp(`^Dealer dealt ${CARD}$`),
  natural: /^Player dealt natural 21$/,
  playerTotal: /^Player's total is (\d+)$/,
  playerBusts: /^Player busts$/,
  holeCard: new RegExp(`^Dealer's hole card is ${CARD}$`),
  dealerTotal: /^Dealer's total is (\d+)$/,
  dealerBusts: /^Dealer busts$/,
  dealerWins: /^Dealer wins$/,
  playerWins: /^Player wins$/,
  push: /^Push$/,
  summary: /^Player has (-?\d+) after (\d+) hands$/,
};
export type LineKind = keyof typeof GRAMMAR;

/** The minbet rule set prints these with `# `. */
export const MINBET_PREFIXED: ReadonlySet<LineKind> = new Set([
  'shuffling',
  'hand',
  'bets',
  'natural',
  'playerBusts',
  'dealerBusts',
  'dealerWins',
  'playerWins',
  'push',
  'summary',
]);

export interface Line {
  kind: LineKind;
  fields: string[];
  number: number;
}

export function readLines(text: string, prefixed: ReadonlySet<LineKind> = new Set()): Line[] {
  if (!text.endsWith('\n')) throw new Error('transcript does not end with a newline');
  return text
    .slice(0, -1)
    .split('\n')
    .map((raw, i) => {
      for (const [kind, pattern] of Object.entries(GRAMMAR) as [LineKind, RegExp][]) {
        const wanted = prefixed.has(kind) ? '# ' : '';
        if (!raw.startsWith(wanted)) continue;
        const match = pattern.exec(raw.slice(wanted.length));
        if (match) return { kind, fields: match.slice(1), number: i + 1 };
      }
      throw new Error(`line ${i + 1} matches no line of the grammar: ${JSON.stringify(raw)}`);
    });
}

/** Hard worth from the printed spot name: Ace 1, faces 10. */
export function worth(spotName: string): number {
  const order = ['Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];
  if (spotName === 'Ace') return 1;
  const index = order.indexOf(spotName);
  return index === -1 ? 10 : index + 2;
}

/** The best total of printed cards, every Ace as 1 when over 21. */
export function total(cards: readonly string[]): { count: number; soft: boolean } {
  const hard = cards.reduce((sum, spot) => sum + worth(spot), 0);
  const soft = cards.includes('Ace') && hard + 10 <= 21;
  return { count: soft ? hard + 10 : hard, soft };
}

export interface HandRecord {
  number: number;
  bankroll: number;
  reshuffled: boolean;
  /** Cards left in the deck when the hand began (before any reshuffle), by counting deals. */
  cardsLeftAtStart: number;
  wager: number;
  playerCards: string[];
  dealerCards: string[];
  /** Every card dealt this hand, hole card included when shown, as `<Spot> of <Suit>`. */
  shown: string[];
  outcome: 'natural' | 'playerBusts' | 'dealerBusts' | 'dealerWins' | 'playerWins' | 'push';
  playerTotal?: number;
  dealerTotal?: number;
}

export interface GameRecord {
  initialCuts: number[];
  hands: HandRecord[];
  finalBankroll: number;
  handsPlayed: number;
}

/** Splits a transcript into its opening shuffle, its hands and its summary; throws on a misplaced line. */
export function readGame(lines: readonly Line[]): GameRecord {
  let i = 0;
  const next = (): Line => {
    const line = lines[i++];
    if (line === undefined) throw new Error('transcript ends early');
    return line;
  };
  const expectKind = (kind: LineKind): Line => {
    const line = next();
    if (line.kind !== kind) throw new Error(`line ${line.number}: expected ${kind}, got ${line.kind}`);
    return line;
  };
  const readShuffle = (): number[] => {
    expectKind('shuffling');
    const cuts: number[] = [];
    while (lines[i]?.kind === 'cut') cuts.push(Number(next().fields[0]));
    return cuts;
  };

  const initialCuts = readShuffle();
  let cardsLeft = 52;
  const hands: HandRecord[] = [];
  while (lines[i]?.kind === 'hand') {
    const [handNumber, bankroll] = expectKind('hand').fields.map(Number) as [number, number];
    const cardsLeftAtStart = cardsLeft;
    const reshuffled = lines[i]?.kind === 'shuffling';
    if (reshuffled) {
      readShuffle();
      cardsLeft = 52;
    }
    const wager = Number(expectKind('bets').fields[0]);
    const card = (line: Line) => `${line.fields[0]} of ${line.fields[1]}`;
    const p1 = expectKind('playerDealt');
    const up = expectKind('dealerDealt');
    const p2 = expectKind('playerDealt');
    const record: HandRecord = {
      number: handNumber,
      bankroll,
      reshuffled,
      cardsLeftAtStart,
      wager,
      playerCards: [p1.fields[0]!, p2.fields[0]!],
      dealerCards: [up.fields[0]!],
      shown: [card(p1), card(up), card(p2)],
      outcome: 'push',
    };
    cardsLeft -= 4; // two each, the hole card unseen until turned
    if (lines[i]?.kind === 'natural') {
      next();
      record.outcome = 'natural';
    } else {
      while (lines[i]?.kind === 'playerDealt') {
        const hit = next();
        record.playerCards.push(hit.fields[0]!);
        record.shown.push(card(hit));
        cardsLeft--;
      }
      record.playerTotal = Number(expectKind('playerTotal').fields[0]);
      if (lines[i]?.kind === 'playerBusts') {
        next();
        record.outcome = 'playerBusts';
      } else {
        const hole = expectKind('holeCard');
        record.dealerCards.push(hole.fields[0]!);
        record.shown.push(card(hole));
        while (lines[i]?.kind === 'dealerDealt') {
          const hit = next();
          record.dealerCards.push(hit.fields[0]!);
          record.shown.push(card(hit));
          cardsLeft--;
        }
        record.dealerTotal = Number(expectKind('dealerTotal').fields[0]);
        const end = next();
        if (!['dealerBusts', 'dealerWins', 'playerWins', 'push'].includes(end.kind)) {
          throw new Error(`line ${end.number}: expected the hand's result, got ${end.kind}`);
        }
        record.outcome = end.kind as HandRecord['outcome'];
      }
    }
    hands.push(record);
  }
  const [finalBankroll, handsPlayed] = expectKind('summary').fields.map(Number) as [number, number];
  if (i !== lines.length) throw new Error(`line ${lines[i]?.number}: nothing may follow the summary`);
  return { initialCuts, hands, finalBankroll, handsPlayed };
}
