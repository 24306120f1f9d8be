// getPlayer's instances: one shared object per character.
import { runScripts, Script, type Slot, type UnitTest } from '@pitboss/grader/kit';
import { get, SEATS, type Seat } from './seats.ts';

export const instancesTest: UnitTest = {
  id: 'player.instances',
  name: 'getPlayer returns one shared instance per character: the same object on every call, another for each character',
  file: 'player.ts',
  async run(t) {
    const script = new Script();
    const first = new Map<Seat, Slot>();
    for (const seat of SEATS) first.set(seat, get(script, seat));
    // Again, in the other order, so every call comes after calls for other characters.
    for (const seat of [...SEATS].reverse()) {
      script.same(get(script, seat), first.get(seat)!, `${seat.call} twice`, (same) =>
        same ? undefined : `${seat.call} returned a different object on its second call`,
      );
    }
    // Only another member may not share it: a member may or may not have one object per player type.
    for (const [i, seat] of SEATS.entries()) {
      for (const other of SEATS.slice(0, i)) {
        if (other.team === seat.team && other.id === seat.id) continue;
        script.same(first.get(other)!, first.get(seat)!, `${other.call} and ${seat.call}`, (same) =>
          same
            ? `${other.call} (${other.name}) and ${seat.call} (${seat.name}) returned the same object`
            : undefined,
        );
      }
    }
    await runScripts(t, [script]);
  },
};
