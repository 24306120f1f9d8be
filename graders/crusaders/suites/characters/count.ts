// The running count (model.ts): any sequence of the three commands, for every character.
import { checkProperty, type UnitTest } from '@pitboss/grader/kit';
import fc from 'fast-check';
import { type Bet, betArb, runBet } from './bet.ts';
import { type Expose, exposeArb, runExpose } from './expose.ts';
import { countModel } from './model.ts';
import { SEATS } from './seats.ts';
import { runShuffled, type Shuffled, shuffledArb } from './shuffled.ts';

type CountCommand = Expose | Shuffled | Bet;

// Mostly exposes, so counts far from 0 come up between shuffles; a bet every few cards.
const commandArb: fc.Arbitrary<CountCommand> = fc.oneof(
  { weight: 10, arbitrary: exposeArb },
  { weight: 1, arbitrary: shuffledArb },
  { weight: 4, arbitrary: betArb },
);

export const countTest: UnitTest = {
  id: 'player.count',
  name: 'The running count (+1 Two..Six, -1 Ten..Ace, 0 on shuffled) under any expose/shuffled sequence decides each bet',
  file: 'player.ts',
  async run(t) {
    await checkProperty(t, fc.array(commandArb, { maxLength: 60 }), (commands) =>
      SEATS.map((seat) => {
        const model = countModel(seat);
        for (const command of commands) {
          if (command.kind === 'expose') runExpose(model, command);
          else if (command.kind === 'shuffled') runShuffled(model);
          else runBet(model, command);
        }
        return model.script;
      }),
    );
  },
};
