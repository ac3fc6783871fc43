import { useCallback, useMemo, useRef, useState } from 'react';
import type { SyntheticEvent } from 'react';
import {
  createRenewGuard,
  isExpired,
  mediaLinkRenewers,
  pickSource,
  snapshotOf,
} from './media-link.ts';
import type { PlaybackSnapshot } from './media-link.ts';

type VideoEvent = SyntheticEvent<HTMLVideoElement>;

export type MediaSource = {
  /** The link the video elements show; stays put while it works, so playback is not reloaded. */
  src: string | undefined;
  /** Spread on every <video> showing `src`, before the element's own handlers run. */
  onError: (event: VideoEvent) => void;
  onLoadedMetadata: (event: VideoEvent) => void;
  onLoadedData: (event: VideoEvent) => void;
};

/**
 * A player's source from a signed media link that expires and dies with its session: a video
 * whose link fails (expired, refused) gets a fresh one and resumes where it was, playing if it
 * played. One source may feed several elements (the two-element gap players).
 */
export function useMediaSource(offered: string | undefined): MediaSource {
  const [src, setSrc] = useState(offered);
  const [seen, setSeen] = useState(offered);
  let shown = src;
  if (offered !== seen) {
    // NOTE: derived during render (React's pattern for state that follows a prop).
    setSeen(offered);
    shown = pickSource(src, offered);
    if (shown !== src) setSrc(shown);
  }
  const [guard] = useState(() => createRenewGuard());
  const elements = useRef(new Set<HTMLVideoElement>());
  const resumes = useRef(new WeakMap<HTMLVideoElement, PlaybackSnapshot>());

  const onError = useCallback(
    (event: VideoEvent) => {
      elements.current.add(event.currentTarget);
      const failed = shown;
      if (!failed || !guard.tryRenew()) return;
      for (const video of elements.current) {
        if (video.isConnected) resumes.current.set(video, snapshotOf(video));
        else elements.current.delete(video);
      }
      if (offered && offered !== failed && !isExpired(offered, Date.now())) {
        setSrc(offered);
        return;
      }
      mediaLinkRenewers
        .renewerOf(failed)?.()
        .then(
          (fresh) => setSrc((current) => (current === failed ? fresh : current)),
          () => undefined,
        );
    },
    [guard, shown, offered],
  );

  const onLoadedMetadata = useCallback((event: VideoEvent) => {
    const video = event.currentTarget;
    elements.current.add(video);
    const resume = resumes.current.get(video);
    if (resume) video.currentTime = resume.time;
  }, []);

  const onLoadedData = useCallback(
    (event: VideoEvent) => {
      const video = event.currentTarget;
      guard.loaded();
      const resume = resumes.current.get(video);
      resumes.current.delete(video);
      if (resume?.playing) video.play().catch(() => undefined);
    },
    [guard],
  );

  return useMemo(
    () => ({ src: shown, onError, onLoadedMetadata, onLoadedData }),
    [shown, onError, onLoadedMetadata, onLoadedData],
  );
}
