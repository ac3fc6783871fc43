import { TRIAL_EXHAUSTED_MESSAGE } from '@roughcut/shared';

export type RefusedVideoNotice = { message: string; upgrade: boolean };

/**
 * What a finished video shows when its link is refused: the server's err, and the way out. NOTE:
 * a trial with no edit left is refused the first play of a run not yet counted (playing a result
 * spends the edit, as downloading does), so it is told to upgrade rather than left loading.
 */
export function refusedVideoNotice(message: string): RefusedVideoNotice {
  return { message, upgrade: message === TRIAL_EXHAUSTED_MESSAGE };
}
