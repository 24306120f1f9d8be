// The calls the reference driver makes to the deck and the player in a transcript case (calls.ts's
// words), played in the grader's own process as the transcript is.
import { Deck } from '@pitboss/deck';
import { playLive, type RuleSet, setUpLiveGame, wordsIn } from '@pitboss/driver';
import type { ExpectedCall, TranscriptCase } from '@pitboss/grader/kit';
import { createPlayer, createRoster, type GetPlayer, type PlayerType } from '@pitboss/player';
import { recordingDeckClass, recordingPlayers } from './calls.ts';

/**
 * The calls the reference driver makes to the deck and the player in a case, with the number of
 * transcript lines printed before each: the game played in this process, as the transcript is.
 */
export function expectedCalls(
  ruleSet: RuleSet<unknown>,
  transcriptCase: TranscriptCase,
  readFile: (path: string) => string,
): ExpectedCall[] {
  const calls: ExpectedCall[] = [];
  let lines = 0;
  const record = (call: string) => calls.push({ call, line: lines });
  const recording = recordingPlayers(record);
  const game = setUpLiveGame(ruleSet, transcriptCase.words, { readFile });
  // A one-player game's player, of the type its words chose; a game of characters has a roster.
  const type = (game.setup as { playerType?: PlayerType }).playerType;
  const roster = createRoster();
  const getPlayer: GetPlayer = (dealers, type, id) => recording(roster(dealers, type, id));
  playLive(
    game,
    (text) => {
      for (const char of text) if (char === '\n') lines++;
    },
    wordsIn(''),
    {
      // Every line handed over as it is said, so each call knows how many came before it.
      chunkSize: 1,
      equipment: {
        deck: new (recordingDeckClass(Deck, record))(),
        ...(type === undefined ? {} : { player: recording(createPlayer(type)) }),
        getPlayer,
      },
    },
  );
  return calls;
}
