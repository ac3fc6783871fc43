// Media links end with the session that asked for them and live minutes (issue 18: a link kept
// serving the video for six hours after logout or a password change).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LINK_LIFETIME_S, apiPaths, urlResponseSchema } from '@roughcut/shared';
import { assets } from '../db/tables/assets.schema.ts';
import {
  TEST_DATABASES,
  loginUser,
  newCredentials,
  registerUser,
  startTestApp,
} from '../test/test-app.ts';
import type { TestApp } from '../test/test-app.ts';
import { caller, createJob } from '../test/video-edits.ts';
import type { Call } from '../test/video-edits.ts';
import { MEDIA_MESSAGES } from './media-routes.ts';
import { jobAssetKey } from './storage-keys.ts';

describe.each(TEST_DATABASES)('media links and sessions on %s', (kind) => {
  let t: TestApp;
  const video = Buffer.from('not really a video, but bytes all the same '.repeat(100));

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A user signed in twice (two browsers), with one uploaded source video. */
  async function userWithVideo() {
    const creds = newCredentials('media');
    await registerUser(t, creds);
    const first = await loginUser(t, creds.email, creds.password);
    const second = await loginUser(t, creds.email, creds.password);
    const job = await createJob(caller(t, first), ['short-form-clips']);
    const assetId = crypto.randomUUID();
    const key = jobAssetKey(job.id, assetId, 'talk.mp4');
    await t.app.ctx.storage.write(key, video);
    await t.app.ctx.db.insert(assets).values({
      id: assetId,
      autoJobId: job.id,
      name: 'talk.mp4',
      assetType: 'unedited_video',
      size: video.length,
      uploadedAmount: video.length,
      status: 'uploaded',
      storageKey: key,
    });
    const linkFor = async (call: Call): Promise<string> => {
      const response = await call('GET', apiPaths.autojobAsset(job.id, assetId));
      expect(response.statusCode).toBe(200);
      return urlResponseSchema.parse(response.json()).url;
    };
    return { creds, first: caller(t, first), second: caller(t, second), linkFor };
  }

  const fetchMedia = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });

  it('stops serving a link once its session logs out; the other session keeps its own', async () => {
    const user = await userWithVideo();
    const mine = await user.linkFor(user.first);
    const theirs = await user.linkFor(user.second);
    expect((await fetchMedia(mine)).statusCode).toBe(206);

    expect((await user.first('GET', apiPaths.logout())).statusCode).toBe(200);
    const after = await fetchMedia(mine);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ err: MEDIA_MESSAGES.signedOut });

    const still = await fetchMedia(theirs);
    expect(still.statusCode).toBe(206);
    expect(still.rawPayload.equals(video.subarray(0, 100))).toBe(true);
  });

  it("stops serving every link made before a password change, its own session's too", async () => {
    const user = await userWithVideo();
    const stolen = await user.linkFor(user.first);
    const own = await user.linkFor(user.second);
    expect((await fetchMedia(stolen)).statusCode).toBe(206);
    expect((await fetchMedia(own)).statusCode).toBe(206);

    const saved = await user.second('POST', apiPaths.saveUser(), {
      username: user.creds.username,
      password: `${user.creds.password}-new`,
    });
    expect(saved.statusCode).toBe(200);
    expect((await fetchMedia(stolen)).statusCode).toBe(403);
    expect((await fetchMedia(own)).statusCode).toBe(403);
    // The session that changed the password stays signed in, and its fresh links work.
    expect((await fetchMedia(await user.linkFor(user.second))).statusCode).toBe(206);
    // A username change alone ends nothing.
    const kept = await user.linkFor(user.second);
    const renamed = await user.second('POST', apiPaths.saveUser(), {
      username: `${user.creds.username}x`,
    });
    expect(renamed.statusCode).toBe(200);
    expect((await fetchMedia(kept)).statusCode).toBe(206);
  });

  it('expires after its lifetime while a fresh link from the same session works', async () => {
    const user = await userWithVideo();
    const link = await user.linkFor(user.first);
    try {
      t.advanceClock(MEDIA_LINK_LIFETIME_S * 1000 - 5_000);
      expect((await fetchMedia(link)).statusCode).toBe(206);
      t.advanceClock(5_000);
      const expired = await fetchMedia(link);
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toEqual({ err: MEDIA_MESSAGES.expired });
      const fresh = await fetchMedia(await user.linkFor(user.first));
      expect(fresh.statusCode).toBe(206);
      expect(fresh.headers['cache-control']).toBe(`private, max-age=${MEDIA_LINK_LIFETIME_S}`);
    } finally {
      t.resetClock();
    }
  });
});
