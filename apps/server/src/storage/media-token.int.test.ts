import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { mediaLinks } from '../db/tables/media-links.schema.ts';
import { TEST_DATABASES } from '../test/test-app.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { createMediaSigner } from './media-token.ts';

const SECRET = 's'.repeat(64);
const S = { session: { id: 'session-hash', stamp: 'stamp' } };

const tokenOf = (url: string): string => url.slice('/api/media/'.length);

describe.each(TEST_DATABASES)('media tokens on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  const signerOf = (secret: string, now?: () => number) =>
    createMediaSigner(secret, database.db, now);

  it('round-trips a file grant with defaults from the key', async () => {
    const signer = signerOf(SECRET, () => 1_000_000_000_000);
    const url = await signer.signMediaUrl('jobs/j/a/clip.mp4', { ...S, expiresInS: 60 });
    expect(await signer.verifyMediaToken(tokenOf(url))).toEqual({
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
    // Another process (no grant in memory) reads the same link from the database.
    const other = signerOf(SECRET, () => 1_000_000_000_000);
    expect(await other.verifyMediaToken(tokenOf(url))).toEqual(
      await signer.verifyMediaToken(tokenOf(url)),
    );
  });

  it('round-trips a zip grant and adds .zip to its name', async () => {
    const signer = signerOf(SECRET);
    const url = await signer.signZipUrl([{ name: 'a.mp4', key: 'jobs/j/a/a.mp4' }], {
      ...S,
      fileName: 'My edit',
    });
    const result = await signerOf(SECRET).verifyMediaToken(tokenOf(url));
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

  it('expires', async () => {
    let now = 1_000_000_000_000;
    const signer = signerOf(SECRET, () => now);
    const token = tokenOf(await signer.signMediaUrl('jobs/j/a/clip.mp4', { ...S, expiresInS: 10 }));
    now += 9_999;
    expect((await signer.verifyMediaToken(token)).ok).toBe(true);
    now += 1;
    expect(await signer.verifyMediaToken(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects tokens from another secret, altered tokens and junk', async () => {
    const signer = signerOf(SECRET);
    const token = tokenOf(await signer.signMediaUrl('jobs/j/a/clip.mp4', S));
    const other = tokenOf(await signerOf('t'.repeat(64)).signMediaUrl('jobs/j/a/clip.mp4', S));
    const [body = '', sig = ''] = token.split('.');
    for (const bad of [other, `${body}x.${sig}`, `${body}.`, `.${sig}`, 'a.b.c', '', '%%%.%%%']) {
      expect(await signer.verifyMediaToken(bad)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('lives 20 minutes by default and refuses the old signed links', async () => {
    let now = 1_000_000_000_000;
    const signer = signerOf(SECRET, () => now);
    const token = tokenOf(await signer.signMediaUrl('jobs/j/a/clip.mp4', S));
    now += 20 * 60_000 - 1;
    expect((await signer.verifyMediaToken(token)).ok).toBe(true);
    now += 1;
    expect(await signer.verifyMediaToken(token)).toEqual({ ok: false, reason: 'expired' });

    // A v1 link as older code signed it: no session, six hours long, readable JSON.
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
    expect(await signer.verifyMediaToken(v1)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses to sign keys that could escape the storage root', async () => {
    const signer = signerOf(SECRET);
    await expect(signer.signMediaUrl('../secret', S)).rejects.toThrow();
    await expect(
      signer.signZipUrl([{ name: 'x', key: '/etc/passwd' }], { ...S, fileName: 'x' }),
    ).rejects.toThrow();
  });

  it('carries nothing readable: a random id and its check, the grant in the database', async () => {
    const signer = signerOf(SECRET);
    const tokens = await Promise.all(
      [0, 1, 2].map(() => signer.signMediaUrl('jobs/j/a/clip.mp4', { ...S, fileName: 'x.mp4' })),
    );
    for (const url of tokens) {
      expect(url).toMatch(/^\/api\/media\/[\w-]{22}\.[\w-]{22}$/);
      const [id = ''] = tokenOf(url).split('.');
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
      for (const secret of ['jobs', 'clip', 'session-hash', 'stamp', 'x.mp4']) {
        expect(Buffer.from(id, 'base64url').toString('latin1')).not.toContain(secret);
      }
    }
    expect(new Set(tokens).size).toBe(3);
    // The table holds the id's hash, not the id: a leaked row is no link.
    const ids = (await database.db.select({ id: mediaLinks.id }).from(mediaLinks)).map((r) => r.id);
    for (const url of tokens) expect(ids).not.toContain(tokenOf(url).split('.')[0]);
  });
});
