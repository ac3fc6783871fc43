import VolumeOffRounded from '@mui/icons-material/VolumeOffRounded';
import VolumeUpRounded from '@mui/icons-material/VolumeUpRounded';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import { VOLUME_STEP } from '@roughcut/shared';
import type { GapPlayback } from './use-gap-playback.ts';

type Props = {
  playback: Pick<GapPlayback, 'volume' | 'toggleMute' | 'setVolume'>;
  /** The slider's width in pixels. */
  width: number;
};

/** SPEC 2.10: mute and a volume slider from 0 to 1 in steps of 0.01, for every player. */
export function VolumeControl({ playback, width }: Props) {
  const { volume } = playback;
  return (
    <>
      <IconButton
        size="small"
        aria-label={volume.muted ? 'Unmute' : 'Mute'}
        onClick={playback.toggleMute}
      >
        {volume.muted ? (
          <VolumeOffRounded fontSize="small" />
        ) : (
          <VolumeUpRounded fontSize="small" />
        )}
      </IconButton>
      <Slider
        size="small"
        aria-label="Volume"
        min={0}
        max={1}
        step={VOLUME_STEP}
        value={volume.muted ? 0 : volume.volume}
        onChange={(_event, value) => playback.setVolume(value)}
        sx={{ width, ml: 1, mr: 1 }}
      />
    </>
  );
}
