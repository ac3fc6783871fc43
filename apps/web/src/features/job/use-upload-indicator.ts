import { UPLOAD_INDICATOR_LINGER_MS } from '@roughcut/shared';
import { useEffect, useState } from 'react';
import { INITIAL_UPLOAD_TRACK, trackUpload, visibleIndicator } from './upload-tracker.ts';
import type { UploadProgressAsset } from './upload-tracker.ts';
import { type UploadIndicator } from '../../lib/upload-indicator.rules.ts';

/** Follows the job's video upload and hides the indicator 2.5 s after it ended. */
export function useUploadIndicator(asset: UploadProgressAsset | undefined): UploadIndicator | null {
  const [track, setTrack] = useState(INITIAL_UPLOAD_TRACK);
  const [now, setNow] = useState(() => Date.now());
  const key = asset ? `${asset.id}:${asset.status}` : 'none';

  useEffect(() => {
    // NOTE: applied on the next tick, as a poll result arriving from outside React.
    const timer = window.setTimeout(() => {
      const at = Date.now();
      setTrack((current) => trackUpload(current, asset, at));
      setNow(at);
    }, 0);
    return () => window.clearTimeout(timer);
    // NOTE: keyed on id and status only: progress polls must not restart the linger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    if (track.endedAtMs === null) return;
    const timer = window.setTimeout(
      () => setNow(Date.now()),
      Math.max(0, track.endedAtMs + UPLOAD_INDICATOR_LINGER_MS - Date.now()) + 20,
    );
    return () => window.clearTimeout(timer);
  }, [track.endedAtMs]);

  return visibleIndicator(track, asset, Math.max(now, track.endedAtMs ?? 0));
}
