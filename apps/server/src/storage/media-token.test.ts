import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMediaSigner } from './media-token.ts';

const SECRET = 's'.repeat(64);
const S = { session: { id: 'session-hash', stamp: 'stamp' } };

const tokenOf = (url: string): string => url.slice('/api/media/'.length);

describe('media tokens', () => {
  it('round-trips a file grant with defaults from the key', () => {
    const signer = createMediaSigner(SECRET, () => 1_000_000_000_000);
    const url = signer.signMediaUrl('jobs/j/a/clip.mp4', { ...S, expiresInS: 60 });
    expect(signer.verifyMediaToken(tokenOf(url))).toEqual({
      ok: true,
      grant: {
        kind: 'file',
        key: 'jobs/j/a/clip.mp4',
        fileName: 'clip.mp4',
        contentType: 'video/mp4',
        disposition: 'inline',
        expiresAt: 1_000_000_060,
        session: { id: 'session-hash', stamp: 'stamp' },
      },
    });
  });

  it('round-trips a zip grant and adds .zip to its name', () => {
    const signer = createMediaSigner(SECRET);
    const url = signer.signZipUrl([{ name: 'a.mp4', key: 'jobs/j/a/a.mp4' }], {
      ...S,
      fileName: 'My edit',
    });
    const result = signer.verifyMediaToken(tokenOf(url));
    expect(result).toMatchObject({
      ok: true,
      grant: {
        kind: 'zip',
        fileName: 'My edit.zip',
        entries: [{ name: 'a.mp4', key: 'jobs/j/a/a.mp4' }],
        session: { id: 'session-hash', stamp: 'stamp' },
      },
    });
  });

  it('expires', () => {
    let now = 1_000_000_000_000;
    const signer = createMediaSigner(SECRET, () => now);
    const token = tokenOf(signer.signMediaUrl('jobs/j/a/clip.mp4', { ...S, expiresInS: 10 }));
    now += 9_999;
    expect(signer.verifyMediaToken(token).ok).toBe(true);
    now += 1;
    expect(signer.verifyMediaToken(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects tokens from another secret, altered tokens and junk', () => {
    const signer = createMediaSigner(SECRET);
    const token = tokenOf(signer.signMediaUrl('jobs/j/a/clip.mp4', S));
    const other = tokenOf(createMediaSigner('t'.repeat(64)).signMediaUrl('jobs/j/a/clip.mp4', S));
    const [body = '', sig = ''] = token.split('.');
    for (const bad of [other, `${body}x.${sig}`, `${body}.`, `.${sig}`, 'a.b.c', '', '%%%.%%%']) {
      expect(signer.verifyMediaToken(bad)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('lives 20 minutes by default and refuses the old session-less links', () => {
    let now = 1_000_000_000_000;
    const signer = createMediaSigner(SECRET, () => now);
    const token = tokenOf(signer.signMediaUrl('jobs/j/a/clip.mp4', S));
    now += 20 * 60_000 - 1;
    expect(signer.verifyMediaToken(token).ok).toBe(true);
    now += 1;
    expect(signer.verifyMediaToken(token)).toEqual({ ok: false, reason: 'expired' });

    // A v1 link as today's code signed it: no session, six hours long.
    const key = createHmac('sha256', SECRET).update('roughcut/media-url/v1').digest();
    const body = Buffer.from(
      JSON.stringify({
        v: 1,
        k: 'jobs/j/a/clip.mp4',
        e: now / 1000 + 3600,
        n: 'c.mp4',
        t: 'video/mp4',
        d: 'i',
      }),
    ).toString('base64url');
    const v1 = `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
    expect(signer.verifyMediaToken(v1)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses to sign keys that could escape the storage root', () => {
    const signer = createMediaSigner(SECRET);
    expect(() => signer.signMediaUrl('../secret', S)).toThrow();
    expect(() =>
      signer.signZipUrl([{ name: 'x', key: '/etc/passwd' }], { ...S, fileName: 'x' }),
    ).toThrow();
  });
});
