import Box from '@mui/material/Box';
import type { MediaSource } from '../api/use-media-source.ts';
import type { GapPlayback } from './use-gap-playback.ts';

export type SourceSize = { width: number; height: number };

type Props = {
  playback: GapPlayback;
  /** The renewing media link of the source video (useMediaSource). */
  media: MediaSource;
  title: string;
  preload: 'auto' | 'metadata';
  /** False keeps the waiting video unmade (a page of clip cards loads one video each). */
  withSecondVideo?: boolean;
  onClick: () => void;
  /** The source's picture size, once the first video knows it. */
  onSourceSize: (size: SourceSize) => void;
};

/**
 * The two stacked video elements every player takes turns with, so a skipped gap makes no pause:
 * the shown one plays while the waiting one is parked at the next kept span (use-gap-playback).
 */
export function DualVideo({
  playback,
  media,
  title,
  preload,
  withSecondVideo = true,
  ...on
}: Props) {
  const { src } = media;
  if (!src) return null;
  return ([0, 1] as const).map((slot) => {
    if (slot === 1 && !withSecondVideo) return null;
    const events = playback.videoEvents(slot);
    const shown = slot === playback.active;
    return (
      <Box
        key={slot}
        component="video"
        ref={playback.refs[slot]}
        src={src}
        preload={preload}
        playsInline
        aria-hidden={!shown}
        aria-label={shown ? `Preview of ${title}` : undefined}
        {...events}
        onError={media.onError}
        onLoadedMetadata={(event) => {
          media.onLoadedMetadata(event);
          const video = event.currentTarget;
          if (slot === 0) on.onSourceSize({ width: video.videoWidth, height: video.videoHeight });
          events.onLoadedMetadata(event);
        }}
        onLoadedData={(event) => {
          media.onLoadedData(event);
          events.onLoadedData();
        }}
        onClick={on.onClick}
        sx={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          objectFit: 'cover',
          cursor: 'pointer',
        }}
        // NOTE: inline, as the playback hook also sets it at the moment of a swap.
        style={{ opacity: shown ? 1 : 0 }}
      />
    );
  });
}
