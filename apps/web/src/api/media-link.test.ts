import { MEDIA_LINK_LIFETIME_S, MEDIA_LINK_RENEW_MARGIN_S } from '@roughcut/shared';
import { describe, expect, it } from 'vitest';
import {
  MIN_RENEW_INTERVAL_MS,
  createRenewGuard,
  createRenewerRegistry,
  isExpired,
  mediaLinkInfo,
  mediaLinkRenewers,
  pickSource,
  readMediaLink,
  renewDelayMs,
  snapshotOf,
} from './media-link.ts';

const NOW = 1_800_000_000_000;

let issued = 0;
/** A link as the server hands it out (opaque), noted with what it serves as the web does. */
function link(media: string, expiresAtS: number): string {
  issued += 1;
  const url = `/api/media/link${String(issued).padStart(18, '0')}.check`;
  mediaLinkRenewers.remember(url, () => Promise.resolve(url), {
    media,
    expiresAtMs: expiresAtS * 1000,
  });
  return url;
}
const fileLink = (key: string, expiresAtS: number) => link(key, expiresAtS);

describe('media links', () => {
  it('reads what a link serves and when it expires, with or without a fragment', () => {
    const url = fileLink('jobs/j/a/talk – ü.mp4', NOW / 1000 + 1200);
    expect(readMediaLink(url)).toEqual({
      media: 'jobs/j/a/talk – ü.mp4',
      expiresAtMs: NOW + 1_200_000,
    });
    expect(readMediaLink(`${url}#t=0.001`)?.expiresAtMs).toBe(NOW + 1_200_000);
    const zip = link('[["a.mp4","jobs/j/a/a.mp4"]]', NOW / 1000);
    expect(readMediaLink(zip)?.media).toBe('[["a.mp4","jobs/j/a/a.mp4"]]');
    for (const junk of [undefined, '', '/api/media/', '/api/media/%%%.x', '/files/x?sig=1']) {
      expect(readMediaLink(junk)).toBeUndefined();
    }
  });

  it('counts a link lifetime from before it was asked for', () => {
    expect(mediaLinkInfo('job/asset', NOW)).toEqual({
      media: 'job/asset',
      expiresAtMs: NOW + MEDIA_LINK_LIFETIME_S * 1000,
    });
    const url = '/api/media/noted-later.check';
    mediaLinkRenewers.remember(url, () => Promise.resolve(url), mediaLinkInfo('job/asset', NOW));
    // A renewer noted again without info keeps what the link serves.
    mediaLinkRenewers.remember(url, () => Promise.resolve(url));
    expect(readMediaLink(url)?.media).toBe('job/asset');
  });

  it('asks for a fresh link before the one held expires', () => {
    const lifetimeMs = MEDIA_LINK_LIFETIME_S * 1000;
    const marginMs = MEDIA_LINK_RENEW_MARGIN_S * 1000;
    const fresh = fileLink('jobs/j/a/talk.mp4', (NOW + lifetimeMs) / 1000);
    expect(renewDelayMs(fresh, NOW)).toBe(lifetimeMs - marginMs);
    expect(renewDelayMs(fresh, NOW + lifetimeMs - marginMs - 60_000)).toBe(60_000);
    // Already inside the margin (a tab that slept): soon, but never in a tight loop.
    expect(renewDelayMs(fresh, NOW + lifetimeMs)).toBe(5_000);
    expect(renewDelayMs(undefined, NOW)).toBe(lifetimeMs - marginMs);
    expect(isExpired(fresh, NOW + lifetimeMs - 1)).toBe(false);
    expect(isExpired(fresh, NOW + lifetimeMs)).toBe(true);
  });

  it('keeps a working source when a renewed link to the same media arrives', () => {
    const first = fileLink('jobs/j/a/talk.mp4', NOW / 1000 + 600);
    const renewed = fileLink('jobs/j/a/talk.mp4', NOW / 1000 + 1200);
    const other = fileLink('jobs/j/b/other.mp4', NOW / 1000 + 1200);
    expect(pickSource(undefined, first)).toBe(first);
    expect(pickSource(first, renewed)).toBe(first);
    expect(pickSource(first, other)).toBe(other);
    expect(pickSource(first, undefined)).toBeUndefined();
  });

  it('renews once per failure, again only after a load or a pause', () => {
    let now = NOW;
    const guard = createRenewGuard(() => now);
    expect(guard.tryRenew()).toBe(true);
    expect(guard.tryRenew()).toBe(false);
    now += MIN_RENEW_INTERVAL_MS;
    expect(guard.tryRenew()).toBe(true);
    guard.loaded();
    expect(guard.tryRenew()).toBe(true);
  });

  it('finds the renewer of a link, fragment or not, and forgets the oldest', async () => {
    const registry = createRenewerRegistry(2);
    registry.remember('/api/media/a.x', () => Promise.resolve('/api/media/a2.x'));
    registry.remember('/api/media/b.x', () => Promise.resolve('/api/media/b2.x'));
    expect(await registry.renewerOf('/api/media/a.x#t=0.001')?.()).toBe('/api/media/a2.x');
    registry.remember('/api/media/c.x', () => Promise.resolve('/api/media/c2.x'));
    expect(registry.renewerOf('/api/media/a.x')).toBeUndefined();
    expect(registry.renewerOf('/api/media/c.x')).toBeDefined();
  });

  it('notes where a video was and whether it played', () => {
    expect(snapshotOf({ currentTime: 12.5, paused: false, ended: false })).toEqual({
      time: 12.5,
      playing: true,
    });
    expect(snapshotOf({ currentTime: 30, paused: false, ended: true }).playing).toBe(false);
    expect(snapshotOf({ currentTime: 3, paused: true, ended: false }).playing).toBe(false);
  });
});
