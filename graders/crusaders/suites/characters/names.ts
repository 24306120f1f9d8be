// Who getPlayer returns: each character's name, id and team.
import { runScripts, Script, show, type UnitTest } from '@pitboss/grader/kit';
import { TeamNames } from '@pitboss/player';
import { get, SEATS } from './seats.ts';

export const namesTest: UnitTest = {
  id: 'player.names',
  name: 'getPlayer(dealerTeam, type, id) is member id of the other team: getName(), getID() and getTeam()',
  file: 'player.ts',
  async run(t) {
    const script = new Script();
    for (const seat of SEATS) {
      const player = get(script, seat);
      const whom = `member ${seat.id} of ${TeamNames[seat.team]}, who play against the dealers of ${TeamNames[seat.dealerTeam]}`;
      const expected: [string, unknown][] = [
        ['getName', seat.name],
        ['getID', seat.id],
        ['getTeam', seat.team],
      ];
      for (const [method, value] of expected) {
        script.call(player, method, [], {
          text: `${seat.call}.${method}()`,
          check: (got) =>
            got === value
              ? undefined
              : `${seat.call}.${method}() returned ${show(got)}; expected ${show(value)} (${whom})`,
        });
      }
    }
    await runScripts(t, [script]);
  },
};
