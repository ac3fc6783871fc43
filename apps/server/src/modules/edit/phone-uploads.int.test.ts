// Phone footage through the upload (issue 34): a video turned by its display matrix and one of a
// variable frame rate are accepted, and stored with the length and the picture size the user sees.
// NOTE: PGlite only: what is checked (the probe of the stored file, kept as JSON) is the same on
// Postgres, whose runs of edit-assets.int.test.ts cover the upload's storage itself.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetSchema } from '@roughcut/shared';
import { makePhoneSource } from '@roughcut/engine/testing/phone';
import type { PhoneKind } from '@roughcut/engine/testing/phone';
import { findAssetOfEdit } from '../assets/assets.repository.ts';
import { startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { caller, createJob, mp4Part, signUp, upload } from '../../test/video-edits.ts';
import type { Call } from '../../test/video-edits.ts';

let t: TestApp;
let mediaDir = '';
let token = '';
let call: Call;
beforeAll(async () => {
  t = await startTestApp('pglite');
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-phone-uploads-'));
  token = await signUp(t);
  call = caller(t, token);
});
afterAll(async () => {
  await t?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

describe.each<PhoneKind>(['rotated-90', 'vfr'])('a phone video (%s) uploaded', (kind) => {
  it('is accepted and stored with its measured length and displayed size', async () => {
    const source = await makePhoneSource(kind, { dir: mediaDir });
    const body = await readFile(source.path);
    const job = await createJob(call, ['optimised-long-form'], `Phone ${kind}`);
    const response = await upload(t, token, job.id, [mp4Part(body, `phone-${kind}.mp4`)]);
    expect(response.statusCode, response.body).toBe(200);
    const asset = assetSchema.parse(response.json());
    expect(asset).toMatchObject({ status: 'uploaded', size: body.length });
    const probe = (await findAssetOfEdit(t.app.ctx.db, job.id, asset.id))?.probe;
    // Within a frame of the true length: the picture's last frame or the sound's last packet.
    expect(Math.abs((probe?.durationS ?? 0) - source.durationS)).toBeLessThan(1 / source.fps);
    expect([probe?.displayWidth, probe?.displayHeight]).toEqual([
      source.display.width,
      source.display.height,
    ]);
    expect(probe?.rotation).toBe(source.rotation);
    expect(probe?.variableFrameRate).toBe(source.jitter !== undefined);
  });
});
