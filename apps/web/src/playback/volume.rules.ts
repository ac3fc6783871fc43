import { DEFAULT_VOLUME, UNMUTE_FROM_ZERO_VOLUME } from '@roughcut/shared';
import { clamp } from '../lib/clamp.ts';
import { roundTo } from '../lib/time.format.ts';

// SPEC 2.12, 4.6 and 9: the volume of every player (timeline, clip screen, clip preview).

export type VolumeState = { volume: number; muted: boolean };

export const DEFAULT_VOLUME_STATE: VolumeState = { volume: DEFAULT_VOLUME, muted: false };

/** The slider: 0 marks the video muted; any other value unmutes it. */
export const setVolume = (_state: VolumeState, volume: number): VolumeState => {
  const v = roundTo(clamp(Number.isFinite(volume) ? volume : 0, 0, 1), 2);
  return { volume: v, muted: v === 0 };
};

/** The mute button; toggling while the volume is 0 restores 0.5 and unmutes. */
export const toggleMute = (state: VolumeState): VolumeState => {
  if (state.volume === 0) return { volume: UNMUTE_FROM_ZERO_VOLUME, muted: false };
  return { volume: state.volume, muted: !state.muted };
};
