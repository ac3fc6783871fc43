import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { PREVIEW_HEIGHT_PX } from '@roughcut/shared';
import type { Span } from '@roughcut/shared';
import { useMemo, useRef, useState } from 'react';
import { useMediaSource } from '../api/use-media-source.ts';
import { ReframeLayer } from './reframe-layer.tsx';
import { DualVideo } from './dual-video.tsx';
import type { SourceSize } from './dual-video.tsx';
import { playbackPlan } from './gap-playback.ts';
import { useGapPlayback } from './use-gap-playback.ts';
import {
  previewFrameRatio,
  previewFrameSize,
  previewPlan,
  previewSubtitles,
  seekBy,
} from './preview-playback.ts';
import type { PreviewSubtitles } from './preview-playback.ts';
import { PreviewControls } from './preview-controls.tsx';
import { useSubtitleOverlay } from './use-subtitle-overlay.ts';

type Props = {
  /** Signed URL of the source (unedited) video, or undefined while it loads. */
  src: string | undefined;
  title: string;
  /** The clip's window in the source and the gaps the render cuts from it. */
  window: Span;
  gaps: readonly Span[];
  isLongForm: boolean;
  /** What the render burns in: the overlay draws it only when the render does. */
  subtitles: PreviewSubtitles;
};

/**
 * SPEC 2.9: the clip preview. Plays the clip's kept spans of the source video, skipping the gaps
 * between them, with the clip's subtitles drawn over it (not for long-form clips).
 * NOTE: a seek on the playing video stalls the picture and the sound for a moment at every gap;
 * two video elements take turns instead (the gap timeline's player), the waiting one parked at
 * the next span, so the preview sounds like the render's cut.
 */
export function SegmentPlayer({
  src: offeredSrc,
  title,
  window: clipWindow,
  gaps,
  isLongForm,
  subtitles: burned,
}: Props) {
  const layerRef = useRef<HTMLDivElement>(null);
  const media = useMediaSource(offeredSrc);
  const { src } = media;
  const [source, setSource] = useState<SourceSize | null>(null);
  const plan = useMemo(() => playbackPlan(clipWindow, gaps), [clipWindow, gaps]);
  const clip = useMemo(() => previewPlan(clipWindow, gaps), [clipWindow, gaps]);
  const playback = useGapPlayback(plan);
  const { refs, currentTime, subscribe } = playback;
  // NOTE: the second video is made once the player is pointed at, focused or played, so a page
  // of clip cards loads one video each until the user goes for one.
  const [armed, setArmed] = useState(false);
  const ratio = previewFrameRatio(isLongForm, source);
  // NOTE: the engine's own script builder, on the source timeline (the preview skips the gaps),
  // so the preview is laid out exactly as the render burns it in.
  const ass = useMemo(() => previewSubtitles(burned, clip.spans), [burned, clip.spans]);
  const sourceWidth = source?.width;
  const sourceHeight = source?.height;
  const frame = useMemo(
    () =>
      previewFrameSize(
        isLongForm,
        sourceWidth && sourceHeight ? { width: sourceWidth, height: sourceHeight } : null,
      ),
    [isLongForm, sourceWidth, sourceHeight],
  );
  const clock = useMemo(() => ({ currentTime, subscribe }), [currentTime, subscribe]);
  const subtitles = useSubtitleOverlay({
    videoRef: refs[0],
    layerRef,
    ass,
    src,
    font: burned.draw_settings.font_name,
    frame,
    clock,
  });

  const togglePlay = () => {
    setArmed(true);
    playback.toggle();
  };
  const seek = (delta: number) => playback.seek(seekBy(currentTime(), delta, clip));
  // NOTE: unrounded, so the frame is exactly 500 px high whenever the card is wide enough.
  const frameWidth = PREVIEW_HEIGHT_PX * ratio;
  const disabled = !playback.ready;

  return (
    <Box
      sx={{ width: `min(100%, ${frameWidth}px)`, mx: 'auto' }}
      onPointerEnter={() => setArmed(true)}
      onFocus={() => setArmed(true)}
    >
      <Box
        data-testid="clip-preview-frame"
        sx={{
          position: 'relative',
          // NOTE: the frame keeps its ratio when the card is narrower than 500 px high allows
          // (long form on a phone), rather than cropping the picture to the card.
          width: '100%',
          aspectRatio: String(ratio),
          bgcolor: '#0b0f19',
          borderRadius: 3,
          overflow: 'hidden',
        }}
      >
        <DualVideo
          playback={playback}
          media={media}
          title={title}
          preload="metadata"
          withSecondVideo={armed}
          onClick={togglePlay}
          onSourceSize={setSource}
        />
        <ReframeLayer playback={playback} />
        <Box ref={layerRef} sx={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} />
        {!src || disabled ? (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            <CircularProgress size={28} sx={{ color: 'rgba(255,255,255,0.7)' }} />
          </Box>
        ) : null}
      </Box>
      <PreviewControls
        playback={playback}
        clip={clip}
        disabled={disabled}
        onToggle={togglePlay}
        onSeek={seek}
      />
      {subtitles === 'failed' ? (
        <Typography variant="caption" color="text.secondary">
          The subtitle preview could not start in this browser; the finished video still has them.
        </Typography>
      ) : null}
    </Box>
  );
}
