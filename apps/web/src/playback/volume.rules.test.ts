import { describe, expect, it } from 'vitest';
import { DEFAULT_VOLUME_STATE, setVolume, toggleMute } from './volume.rules.ts';

describe('volume', () => {
  it('defaults to 1 and unmuted', () => {
    expect(DEFAULT_VOLUME_STATE).toEqual({ volume: 1, muted: false });
  });

  it('marks volume 0 as muted and other values as unmuted', () => {
    expect(setVolume({ volume: 1, muted: false }, 0)).toEqual({ volume: 0, muted: true });
    expect(setVolume({ volume: 0, muted: true }, 0.3)).toEqual({ volume: 0.3, muted: false });
    expect(setVolume({ volume: 1, muted: false }, 1.5)).toEqual({ volume: 1, muted: false });
    expect(setVolume({ volume: 1, muted: false }, 0.123)).toEqual({ volume: 0.12, muted: false });
  });

  it('restores 0.5 when unmuting at volume 0, else toggles', () => {
    expect(toggleMute({ volume: 0, muted: true })).toEqual({ volume: 0.5, muted: false });
    expect(toggleMute({ volume: 0.7, muted: false })).toEqual({ volume: 0.7, muted: true });
    expect(toggleMute({ volume: 0.7, muted: true })).toEqual({ volume: 0.7, muted: false });
  });
});
