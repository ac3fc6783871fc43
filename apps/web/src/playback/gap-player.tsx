import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { Span } from '@roughcut/shared';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useMediaSource } from '../api/use-media-source.ts';
import { DualVideo } from './dual-video.tsx';
import { ReframeLayer } from './reframe-layer.tsx';
import type { SourceSize } from './dual-video.tsx';
import type { GapPlayback } from './use-gap-playback.ts';
import { VolumeControl } from './volume-control.tsx';
import { windowClock, type ClipClock } from './clip-clock.ts';
import { formatClipTime } from '../lib/time.format.ts';

/** The short clip's rendered frame is portrait 1080x1920; long form keeps the source's shape. */
const PORTRAIT_RATIO = 1080 / 1920;

type Props = {
  src: string | undefined;
  title: string;
  window: Span;
  isLongForm: boolean;
  playback: GapPlayback;
  /** Shown over the frame while something it needs is still loading. */
  loading: boolean;
  /** Frame height in pixels (the frame narrows to the page on small screens). */
  height: number;
  /** Laid over the frame, above the video (the Subtitles step's subtitle layer). */
  overlay?: ReactNode;
  /** The clock the time display counts on; absent: the clip window's, from its start. */
  clock?: ClipClock;
};

const clockText = (clock: ClipClock, source: number): string =>
  `${formatClipTime(clock.at(source))} / ${formatClipTime(clock.total)}`;

/** "current / total" on the clip's clock; re-renders only when the shown tenth changes. */
function PlayerClock({ playback, clock }: { playback: GapPlayback; clock: ClipClock }) {
  const [time, setTime] = useState(() => playback.currentTime());
  const latest = useRef(clock);
  useEffect(() => {
    latest.current = clock;
  });
  useEffect(
    () =>
      playback.subscribe((next) =>
        setTime((shown) =>
          clockText(latest.current, shown) === clockText(latest.current, next) ? shown : next,
        ),
      ),
    [playback],
  );
  const text = clockText(clock, time);
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      data-testid="player-time"
      sx={{ fontVariantNumeric: 'tabular-nums', mx: 1, whiteSpace: 'nowrap' }}
    >
      {text}
    </Typography>
  );
}

/**
 * SPEC 2.10 and 2.12: the speech-gap step's video: play/pause, current / total, mute and a 0 to 1
 * volume slider. Two stacked video elements take turns so skipped gaps make no pause.
 */
export const GapPlayer = memo(function GapPlayer(props: Props) {
  const { playback, window, height } = props;
  const clock = useMemo(() => props.clock ?? windowClock(window), [props.clock, window]);
  const media = useMediaSource(props.src);
  const [source, setSource] = useState<SourceSize | null>(null);
  const ratio = props.isLongForm
    ? source && source.height > 0
      ? source.width / source.height
      : 16 / 9
    : PORTRAIT_RATIO;
  const disabled = !playback.ready || props.loading;

  return (
    <Box>
      <Box
        data-testid="gap-player-frame"
        sx={{
          position: 'relative',
          mx: 'auto',
          width: `min(100%, ${Math.round(height * ratio)}px)`,
          aspectRatio: String(ratio),
          bgcolor: '#0b0f19',
          borderRadius: 3,
          overflow: 'hidden',
        }}
      >
        <DualVideo
          playback={playback}
          media={media}
          title={props.title}
          preload="auto"
          onClick={playback.toggle}
          onSourceSize={setSource}
        />
        <ReframeLayer playback={playback} />
        {props.overlay}
        {disabled ? (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeContent: 'center',
              justifyItems: 'center',
              gap: 1.5,
              color: 'rgba(255,255,255,0.85)',
            }}
          >
            <CircularProgress size={28} sx={{ color: 'inherit' }} />
            <Typography variant="body2">Loading video</Typography>
          </Box>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', mt: 1, gap: 0.5 }}>
        <IconButton
          aria-label={playback.playing ? 'Pause' : 'Play'}
          onClick={playback.toggle}
          disabled={disabled}
          color="primary"
        >
          {playback.playing ? <PauseRounded /> : <PlayArrowRounded />}
        </IconButton>
        <PlayerClock playback={playback} clock={clock} />
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <VolumeControl playback={playback} width={88} />
        </Box>
      </Box>
    </Box>
  );
});
