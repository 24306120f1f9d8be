// The game: who plays, rounds until someone has 80 points, the turns of humans and computers.
import { type Card, Rank, Suit } from './card';
import { readCommand } from './commands';
import { GameDeck } from './deck';
import * as show from './display';
import type { WordReader } from './input';
import { Player } from './player';
import { computerMove, legalPlays, type Move } from './rules';
import { EMPTY_TABLE, placeCard, type Table } from './table';

const GAME_OVER = 80;

class Quit extends Error {}

export class Game {
  private readonly players: Player[] = [];
  private readonly deck: GameDeck;
  private readonly input: WordReader;
  private table: Table = EMPTY_TABLE;

  constructor(seed: number, input: WordReader) {
    this.deck = new GameDeck(seed);
    this.input = input;
  }

  play(): void {
    try {
      this.choosePlayers();
      do this.playRound();
      while (!this.players.some((player) => player.score >= GAME_OVER));
      this.announceWinners();
    } catch (error) {
      if (!(error instanceof Quit)) throw error;
    }
  }

  private choosePlayers(): void {
    for (let number = 1; number <= 4; number++) {
      show.askType(`Player${number}`);
      const answer = this.input.next();
      if (answer === undefined) throw new Quit();
      this.players.push(new Player(number, answer === 'c' ? 'computer' : 'human'));
    }
  }

  private playRound(): void {
    this.deck.shuffle();
    const hands = this.deck.deal();
    for (const [i, player] of this.players.entries()) player.newRound(hands[i]!);
    this.table = EMPTY_TABLE;
    let current = this.players.findIndex((player) =>
      player.hand.some((card) => card.rank === Rank.SEVEN && card.suit === Suit.SPADES),
    );
    show.newRound(this.players[current]!.name);
    let turns = 52;
    while (turns > 0) {
      this.takeTurn(this.players[current]!);
      current = (current + 1) % 4;
      turns--;
    }
    for (const player of this.players) {
      const gained = player.roundPoints();
      show.roundScore(player.name, player.discards, player.score, gained);
      player.score += gained;
    }
  }

  private takeTurn(player: Player): void {
    show.turn(this.table, player.hand, legalPlays(player.hand, this.table));
    if (player.controller === 'computer') {
      show.prompt();
      this.make(player, computerMove(player.hand, this.table));
    } else {
      this.make(player, this.askHuman(player));
    }
  }

  private askHuman(player: Player): Move {
    for (;;) {
      show.prompt();
      const command = readCommand(this.input);
      switch (command.kind) {
        case 'play':
          if (player.holds(command.card) && this.isLegal(player, command.card)) return { play: command.card };
          show.notLegal();
          break;
        case 'discard':
          if (player.holds(command.card) && legalPlays(player.hand, this.table).length === 0)
            return { discard: command.card };
          show.mayNotDiscard();
          break;
        case 'deck':
          show.deck(this.deck.cards);
          break;
        case 'ragequit':
          show.ragequits(player.name);
          player.controller = 'computer';
          return computerMove(player.hand, this.table);
        case 'quit':
        case 'end':
          throw new Quit();
        case 'bad-rank':
          show.invalidRank();
          break;
        case 'bad-suit':
          show.invalidSuit();
          break;
        case 'invalid':
          show.invalidCommand();
          break;
      }
    }
  }

  private isLegal(player: Player, card: Card): boolean {
    return legalPlays(player.hand, this.table).some(
      (legal) => legal.rank === card.rank && legal.suit === card.suit,
    );
  }

  private make(player: Player, move: Move): void {
    if ('play' in move) {
      player.remove(move.play);
      this.table = placeCard(this.table, move.play);
      show.plays(player.name, move.play);
    } else {
      player.remove(move.discard);
      player.discards.push(move.discard);
      show.discards(player.name, move.discard);
    }
  }

  private announceWinners(): void {
    const lowest = Math.min(...this.players.map((player) => player.score));
    for (const player of this.players) if (player.score === lowest) show.wins(player.name);
  }
}
