import Forward5Rounded from '@mui/icons-material/Forward5Rounded';
import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Replay5Rounded from '@mui/icons-material/Replay5Rounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { PREVIEW_SEEK_STEP_S } from '@roughcut/shared';
import { useEffect, useState } from 'react';
import type { GapPlayback } from './use-gap-playback.ts';
import { VolumeControl } from './volume-control.tsx';
import { clipElapsed } from './preview-playback.ts';
import type { PreviewPlan } from './preview-playback.ts';
import { formatPlayerTime } from '../lib/time.format.ts';

type Props = {
  playback: GapPlayback;
  clip: PreviewPlan;
  disabled: boolean;
  onToggle: () => void;
  onSeek: (deltaS: number) => void;
};

/** Time played of the clip as cut / its kept length; re-renders only when the text changes. */
function ClipClock({ playback, clip }: { playback: GapPlayback; clip: PreviewPlan }) {
  const { currentTime, subscribe } = playback;
  const show = (time: number) => formatPlayerTime(clipElapsed(time, clip), clip.duration);
  const [text, setText] = useState(() => show(currentTime()));
  useEffect(
    () => subscribe((time) => setText(formatPlayerTime(clipElapsed(time, clip), clip.duration))),
    [subscribe, clip],
  );
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      data-testid="preview-time"
      sx={{ fontVariantNumeric: 'tabular-nums', mx: 0.75, whiteSpace: 'nowrap' }}
    >
      {text}
    </Typography>
  );
}

/** SPEC 2.9 clip card player: play/pause, 5 s rewind and forward, the time, mute and volume. */
export function PreviewControls({ playback, clip, disabled, onToggle, onSeek }: Props) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, mt: 1 }}>
      <IconButton
        size="small"
        aria-label={`Rewind ${PREVIEW_SEEK_STEP_S} seconds`}
        onClick={() => onSeek(-PREVIEW_SEEK_STEP_S)}
        disabled={disabled}
      >
        <Replay5Rounded fontSize="small" />
      </IconButton>
      <IconButton
        aria-label={playback.playing ? 'Pause' : 'Play'}
        onClick={onToggle}
        disabled={disabled}
      >
        {playback.playing ? <PauseRounded /> : <PlayArrowRounded />}
      </IconButton>
      <IconButton
        size="small"
        aria-label={`Forward ${PREVIEW_SEEK_STEP_S} seconds`}
        onClick={() => onSeek(PREVIEW_SEEK_STEP_S)}
        disabled={disabled}
      >
        <Forward5Rounded fontSize="small" />
      </IconButton>
      <ClipClock playback={playback} clip={clip} />
      <Box sx={{ flexGrow: 1 }} />
      <VolumeControl playback={playback} width={72} />
    </Box>
  );
}
