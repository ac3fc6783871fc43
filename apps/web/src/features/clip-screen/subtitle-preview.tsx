import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Clip, DrawSettings, Span } from '@roughcut/shared';
import { withoutCutFillers } from '@roughcut/shared';
import { buildAss } from '@roughcut/engine/subtitles';
import { useEffect, useMemo, useRef, useState } from 'react';
import { previewFrameSize } from '../../playback/preview-playback.ts';
import { useSubtitleOverlay } from '../../playback/use-subtitle-overlay.ts';
import { GapPlayer } from '../../playback/gap-player.tsx';
import type { ClipClock } from '../../playback/clip-clock.ts';
import type { GapPlayback } from '../../playback/use-gap-playback.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import type { ReviewPhrase } from './phrase-validity.rules.ts';

/**
 * NOTE: the overlay swaps its script in place (no blink), but typing and slider drags still settle
 * briefly so the script is not rebuilt and re-parsed on every key.
 */
const SETTLE_MS = 120;

type Props = {
  clip: Clip;
  src: string | undefined;
  loading: boolean;
  playback: GapPlayback;
  phrases: readonly ReviewPhrase[];
  /** The spans that play: a filler word cut from them is not drawn, as the render burns it. */
  kept: readonly Span[];
  drawSettings: DrawSettings;
  height: number;
  /** The clock of the clip as cut, which the phrase list reads too (issue 33). */
  clock: ClipClock;
};

/**
 * The Subtitles step's video: the clip as the render cuts it, with the edited phrases drawn over
 * it by the engine's own script builder in the current style, as they will be burned in.
 */
export function SubtitlePreview({
  clip,
  src,
  loading,
  playback,
  phrases,
  kept,
  drawSettings,
  height,
  clock: clipClock,
}: Props) {
  const layerRef = useRef<HTMLDivElement>(null);
  const settledPhrases = useDebouncedValue(phrases, SETTLE_MS);
  const settledStyle = useDebouncedValue(drawSettings, SETTLE_MS);
  const ass = useMemo(
    () => buildAss(withoutCutFillers(settledPhrases, kept), settledStyle),
    [settledPhrases, kept, settledStyle],
  );
  const [sourceFrame, setSourceFrame] = useState<{ width: number; height: number } | null>(null);
  const { refs } = playback;
  useEffect(() => {
    // NOTE: the element is created with its src, in the same commit, before its metadata loads.
    const video = refs[0].current;
    if (!video) return;
    const read = () => setSourceFrame({ width: video.videoWidth, height: video.videoHeight });
    video.addEventListener('loadedmetadata', read);
    return () => video.removeEventListener('loadedmetadata', read);
  }, [refs, src]);
  const frame = useMemo(
    () => previewFrameSize(clip.is_long_form, sourceFrame),
    [clip.is_long_form, sourceFrame],
  );
  // NOTE: stable, or the overlay would restart on every render.
  const { currentTime, subscribe } = playback;
  const clock = useMemo(() => ({ currentTime, subscribe }), [currentTime, subscribe]);

  const overlay = useSubtitleOverlay({
    videoRef: refs[0],
    layerRef,
    ass,
    src,
    font: settledStyle.font_name,
    frame,
    clock,
  });

  return (
    <Box>
      <GapPlayer
        src={src}
        title={clip.title}
        window={{ start: clip.start, end: clip.end }}
        isLongForm={clip.is_long_form}
        playback={playback}
        loading={loading}
        height={height}
        clock={clipClock}
        overlay={
          <Box
            ref={layerRef}
            data-testid="subtitle-layer"
            sx={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
          />
        }
      />
      {overlay === 'failed' ? (
        <Typography variant="caption" color="text.secondary">
          The subtitle preview could not start in this browser; the finished video still has them.
        </Typography>
      ) : null}
    </Box>
  );
}
