// /api/media links live minutes and die with the session that asked for them (server:
// storage/media-token.ts). The link itself is opaque, so the web notes what each one serves and
// when it expires as it arrives, asks for a fresh one before it runs out, and a player whose link
// failed swaps in a fresh one and carries on.
import { MEDIA_LINK_LIFETIME_S, MEDIA_LINK_RENEW_MARGIN_S } from '@roughcut/shared';

export type MediaLinkInfo = {
  /** What the link serves (the asset it was asked for): a new link, same media. */
  media: string;
  expiresAtMs: number;
};

/** Shortest wait between two renewals of a player's link, so a broken file does not loop. */
export const MIN_RENEW_INTERVAL_MS = 10_000;

/**
 * What a link fetched at `askedAtMs` for `media` serves and until when: the server's lifetime
 * counted from before the request, so the web's clock never thinks a link lives longer than it
 * does.
 */
export const mediaLinkInfo = (media: string, askedAtMs: number): MediaLinkInfo => ({
  media,
  expiresAtMs: askedAtMs + MEDIA_LINK_LIFETIME_S * 1000,
});

/** The media and expiry noted for a link; undefined for anything that is not a known one. */
export function readMediaLink(url: string | undefined): MediaLinkInfo | undefined {
  return url === undefined ? undefined : mediaLinkRenewers.infoOf(url);
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
 * Which request handed out each link and what it serves, so a player holding one can ask for a
 * fresh one. Links are remembered as they arrive; the oldest are forgotten first.
 */
export function createRenewerRegistry(limit = 500) {
  const links = new Map<string, { renew: MediaLinkRenewer; info?: MediaLinkInfo }>();
  const keyOf = (url: string) => url.split('#')[0] ?? url;
  return {
    /** `info` is kept from an earlier note of the same link when not given again. */
    remember(url: string, renew: MediaLinkRenewer, info?: MediaLinkInfo): void {
      const key = keyOf(url);
      const known = info ?? links.get(key)?.info;
      links.delete(key);
      links.set(key, known ? { renew, info: known } : { renew });
      for (const old of links.keys()) {
        if (links.size <= limit) break;
        links.delete(old);
      }
    },
    renewerOf(url: string): MediaLinkRenewer | undefined {
      return links.get(keyOf(url))?.renew;
    },
    infoOf(url: string): MediaLinkInfo | undefined {
      return links.get(keyOf(url))?.info;
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
