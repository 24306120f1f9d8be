// player.ts in a crusaders linked run that checks calls: the reference roster, what each character is
// told recorded.
import { recordingPlayers } from '@pitboss/blackjack-kit/calls';
import { recordCall } from '@pitboss/grader/kit/calls';
import { type GetPlayer, getPlayer as referenceGetPlayer } from '@pitboss/player';

const recording = recordingPlayers(recordCall);

export const getPlayer: GetPlayer = (dealers, type, id) => recording(referenceGetPlayer(dealers, type, id));
