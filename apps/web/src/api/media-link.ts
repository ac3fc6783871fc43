// Signed /api/media links live minutes and die with the session that asked for them (server:
// storage/media-token.ts). The web reads a link's expiry from its token, asks for a fresh one
// before it runs out, and a player whose link failed swaps in a fresh one and carries on.
import { MEDIA_LINK_LIFETIME_S, MEDIA_LINK_RENEW_MARGIN_S } from '@roughcut/shared';

export type MediaLinkInfo = {
  /** What the link serves (a storage key, or the keys of a zip): a new link, same media. */
  media: string;
  expiresAtMs: number;
};

/** Statuses with which /api/media refuses an expired, signed-out or otherwise stale link. */
export const STALE_LINK_STATUSES: readonly number[] = [401, 403, 410];

/** Shortest wait between two renewals of a player's link, so a broken file does not loop. */
export const MIN_RENEW_INTERVAL_MS = 10_000;

function decodeBase64Url(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The media and expiry a link's token names; undefined for anything that is not one. */
export function readMediaLink(url: string | undefined): MediaLinkInfo | undefined {
  const token = url?.split('#')[0]?.split('/api/media/')[1]?.split('/')[0];
  const body = token?.split('.')[0];
  if (!body) return undefined;
  try {
    const payload = JSON.parse(decodeBase64Url(body)) as { k?: unknown; z?: unknown; e?: unknown };
    if (typeof payload.e !== 'number') return undefined;
    const media = typeof payload.k === 'string' ? payload.k : JSON.stringify(payload.z ?? null);
    return { media, expiresAtMs: payload.e * 1000 };
  } catch {
    return undefined;
  }
}

/** How long a link may be used before a fresh one is asked for (refetch interval, stale time). */
export function renewDelayMs(url: string | undefined, nowMs: number): number {
  const fallback = (MEDIA_LINK_LIFETIME_S - MEDIA_LINK_RENEW_MARGIN_S) * 1000;
  const info = readMediaLink(url);
  if (!info) return fallback;
  const delay = info.expiresAtMs - MEDIA_LINK_RENEW_MARGIN_S * 1000 - nowMs;
  // NOTE: at least a few seconds, so a clock far off the server's does not refetch in a loop.
  return Math.min(fallback, Math.max(5_000, delay));
}

export const isExpired = (url: string, nowMs: number): boolean =>
  (readMediaLink(url)?.expiresAtMs ?? Number.POSITIVE_INFINITY) <= nowMs;

/**
 * The source a player should show when the link it is given changes: a link to other media at
 * once; a renewed link to the same media only when it has none, as swapping the source reloads
 * the video (the old link keeps serving while it is valid, and a failure swaps it then).
 */
export function pickSource(current: string | undefined, offered: string | undefined) {
  if (offered === undefined || current === undefined) return offered;
  const now = readMediaLink(current);
  const next = readMediaLink(offered);
  if (!now || !next || now.media !== next.media) return offered;
  return current;
}

/**
 * Whether a player that failed may renew its link now: once, then again only after the fresh
 * link has loaded or MIN_RENEW_INTERVAL_MS has passed.
 */
export function createRenewGuard(now: () => number = Date.now) {
  let lastRenewAt = Number.NEGATIVE_INFINITY;
  let loadedSince = true;
  return {
    tryRenew(): boolean {
      const at = now();
      if (!loadedSince && at - lastRenewAt < MIN_RENEW_INTERVAL_MS) return false;
      lastRenewAt = at;
      loadedSince = false;
      return true;
    },
    loaded(): void {
      loadedSince = true;
    },
  };
}

export type MediaLinkRenewer = () => Promise<string>;

/**
 * Which request handed out each link, so a player holding one can ask for a fresh one. Links are
 * remembered as they arrive; the oldest are forgotten first.
 */
export function createRenewerRegistry(limit = 500) {
  const renewers = new Map<string, MediaLinkRenewer>();
  return {
    remember(url: string, renew: MediaLinkRenewer): void {
      renewers.delete(url);
      renewers.set(url, renew);
      for (const key of renewers.keys()) {
        if (renewers.size <= limit) break;
        renewers.delete(key);
      }
    },
    renewerOf(url: string): MediaLinkRenewer | undefined {
      return renewers.get(url.split('#')[0] ?? url);
    },
  };
}

export const mediaLinkRenewers = createRenewerRegistry();

/** Where a video was and whether it played, to carry on there once its source is swapped. */
export type PlaybackSnapshot = { time: number; playing: boolean };

export const snapshotOf = (video: {
  currentTime: number;
  paused: boolean;
  ended: boolean;
}): PlaybackSnapshot => ({ time: video.currentTime, playing: !video.paused && !video.ended });
