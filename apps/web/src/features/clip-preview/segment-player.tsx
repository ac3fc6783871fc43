import Forward5Rounded from '@mui/icons-material/Forward5Rounded';
import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Replay5Rounded from '@mui/icons-material/Replay5Rounded';
import VolumeOffRounded from '@mui/icons-material/VolumeOffRounded';
import VolumeUpRounded from '@mui/icons-material/VolumeUpRounded';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_VOLUME_STATE,
  PREVIEW_HEIGHT_PX,
  PREVIEW_SEEK_STEP_S,
  VOLUME_STEP,
  formatPlayerTime,
  setVolume,
  toggleMute,
} from '@roughcut/shared';
import type { DrawSettings, Segment } from '@roughcut/shared';
import { buildAss } from '@roughcut/engine/subtitles';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  clipElapsed,
  nextPlaybackStep,
  previewFrameRatio,
  previewPlan,
  seekBy,
} from './preview-playback.ts';
import { useSubtitleOverlay } from './use-subtitle-overlay.ts';

/** The render's output frame of a short clip. */
const PORTRAIT_FRAME = { width: 1080, height: 1920 };

type Props = {
  /** Signed URL of the source (unedited) video, or undefined while it loads. */
  src: string | undefined;
  title: string;
  segments: readonly Segment[];
  isLongForm: boolean;
  drawSettings: DrawSettings;
};

/**
 * SPEC 2.9: the clip preview. Plays only the clip's segments of the source video, skipping the gaps
 * between them, with the clip's subtitles drawn over it (not for long-form clips).
 */
export function SegmentPlayer({ src, title, segments, isLongForm, drawSettings }: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState<{ width: number; height: number } | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [volume, setVolumeState] = useState(DEFAULT_VOLUME_STATE);
  const [ready, setReady] = useState(false);
  const plan = useMemo(() => previewPlan(segments), [segments]);
  const ratio = previewFrameRatio(isLongForm, source);
  // NOTE: the engine's own script builder, on the source timeline (the preview skips the gaps),
  // so the preview is laid out exactly as the render burns it in.
  const ass = useMemo(
    () => (isLongForm ? null : buildAss(segments, drawSettings)),
    [isLongForm, segments, drawSettings],
  );
  const subtitles = useSubtitleOverlay({
    videoRef,
    layerRef,
    ass,
    src,
    font: drawSettings.font_name,
    frame: PORTRAIT_FRAME,
  });

  // Gap skipping: checked on every animation frame while playing (timeupdate is too coarse).
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !playing) return;
    let handle = 0;
    const tick = () => {
      const step = nextPlaybackStep(video.currentTime, plan);
      if (step.kind === 'seek') video.currentTime = step.to;
      if (step.kind === 'end') {
        video.pause();
        video.currentTime = step.to;
      }
      setTime(video.currentTime);
      handle = requestAnimationFrame(tick);
    };
    handle = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(handle);
  }, [playing, plan]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = volume.volume;
    video.muted = volume.muted;
  }, [volume]);

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) {
      const step = nextPlaybackStep(video.currentTime, plan);
      if (step.kind !== 'none') video.currentTime = step.to;
      video.play().catch(() => setPlaying(false));
    } else {
      video.pause();
    }
  };

  const seek = (delta: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = seekBy(video.currentTime, delta, plan);
    setTime(video.currentTime);
  };

  const frameWidth = Math.round(PREVIEW_HEIGHT_PX * ratio);

  return (
    <Box sx={{ width: frameWidth, maxWidth: '100%', mx: 'auto' }}>
      <Box
        data-testid="clip-preview-frame"
        sx={{
          position: 'relative',
          height: PREVIEW_HEIGHT_PX,
          width: frameWidth,
          maxWidth: '100%',
          bgcolor: '#0b0f19',
          borderRadius: 3,
          overflow: 'hidden',
        }}
      >
        {src ? (
          <Box
            component="video"
            ref={videoRef}
            src={src}
            preload="metadata"
            playsInline
            aria-label={`Preview of ${title}`}
            onLoadedMetadata={(event) => {
              const video = event.currentTarget;
              setSource({ width: video.videoWidth, height: video.videoHeight });
              video.currentTime = plan.start;
              setTime(plan.start);
            }}
            onLoadedData={() => setReady(true)}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onClick={togglePlay}
            sx={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              objectPosition: 'center',
              cursor: 'pointer',
            }}
          />
        ) : null}
        <Box ref={layerRef} sx={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} />
        {!src || !ready ? (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            <CircularProgress size={28} sx={{ color: 'rgba(255,255,255,0.7)' }} />
          </Box>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, mt: 1 }}>
        <IconButton
          size="small"
          aria-label={`Rewind ${PREVIEW_SEEK_STEP_S} seconds`}
          onClick={() => seek(-PREVIEW_SEEK_STEP_S)}
          disabled={!ready}
        >
          <Replay5Rounded fontSize="small" />
        </IconButton>
        <IconButton aria-label={playing ? 'Pause' : 'Play'} onClick={togglePlay} disabled={!ready}>
          {playing ? <PauseRounded /> : <PlayArrowRounded />}
        </IconButton>
        <IconButton
          size="small"
          aria-label={`Forward ${PREVIEW_SEEK_STEP_S} seconds`}
          onClick={() => seek(PREVIEW_SEEK_STEP_S)}
          disabled={!ready}
        >
          <Forward5Rounded fontSize="small" />
        </IconButton>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ fontVariantNumeric: 'tabular-nums', mx: 0.75, whiteSpace: 'nowrap' }}
        >
          {formatPlayerTime(clipElapsed(time, plan), plan.duration)}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <IconButton
          size="small"
          aria-label={volume.muted ? 'Unmute' : 'Mute'}
          onClick={() => setVolumeState((v) => toggleMute(v))}
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
          onChange={(_event, value) => setVolumeState((v) => setVolume(v, value))}
          sx={{ width: 72, ml: 0.5, mr: 1 }}
        />
      </Box>
      {subtitles === 'failed' ? (
        <Typography variant="caption" color="text.secondary">
          The subtitle preview could not start in this browser; the finished video still has them.
        </Typography>
      ) : null}
    </Box>
  );
}
