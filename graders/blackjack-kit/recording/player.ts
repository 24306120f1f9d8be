// player.ts in a linked run that checks calls, for the one-player editions (classic, minbet): the
// reference players, what they are told recorded.
import { recordingPlayers } from '@pitboss/blackjack-kit/calls';
import {
  getCounting as referenceCounting,
  getSimple as referenceSimple,
} from '@pitboss/blackjack-kit/reference/player';
import { recordCall } from '@pitboss/grader/kit/calls';

const recording = recordingPlayers(recordCall);

export const getSimple = () => recording(referenceSimple());
export const getCounting = () => recording(referenceCounting());
