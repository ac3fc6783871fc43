import type { Asset } from '@roughcut/shared';
import { useEffect, useRef, useState } from 'react';
import { PAUSED_AFTER_MS, pausedUploadOf } from './paused-upload.rules.ts';
import type { PausedUpload } from './paused-upload.rules.ts';

/**
 * The edit's upload when it waits for its file to be chosen again. NOTE: an upload seen moving
 * (another tab or device sending it) is not paused until it has stood still a while; one never
 * seen moving (this page was just opened) is paused at once.
 */
export function usePausedUpload(
  asset: Asset | undefined,
  sendingHere: boolean,
): PausedUpload | null {
  const last = useRef<{ id: string; amount: number } | null>(null);
  const [movedAt, setMovedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const id = asset?.id;
  const amount = asset?.uploaded_amount;

  useEffect(() => {
    if (id === undefined || amount === undefined) return;
    const seen = last.current;
    last.current = { id, amount };
    if (seen && seen.id === id && amount > seen.amount) {
      const at = Date.now();
      const timer = window.setTimeout(() => {
        setMovedAt(at);
        setNow(at);
      }, 0);
      return () => window.clearTimeout(timer);
    }
  }, [id, amount]);

  useEffect(() => {
    if (movedAt === null) return;
    const timer = window.setTimeout(() => setNow(Date.now()), PAUSED_AFTER_MS + 50);
    return () => window.clearTimeout(timer);
  }, [movedAt]);

  const stillFor = movedAt === null ? Number.POSITIVE_INFINITY : now - movedAt;
  return pausedUploadOf(asset, sendingHere, stillFor);
}
