// The authorisation matrix, generated from the shared endpoint table: every endpoint that needs a
// user is called anonymously (401) and by another user with the owner's ids (404), and neither
// answer carries any of the owner's data. Then real answers of the main endpoints are checked
// against the table's response schemas.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@roughcut/shared';
import { reviewable } from '../modules/edit/clips.fixtures.ts';
import { NOT_SIGNED_IN } from '../modules/auth/auth.guard.ts';
import { MEDIA_MESSAGES } from '../storage/media-routes.ts';
import { DEFAULT_MEDIA_URL_TTL_S, MEDIA_ROUTE_PREFIX } from '../storage/media-token.ts';
import { callEndpoint, expectEndpointResponse } from '../test/endpoint-client.ts';
import type { EndpointRequest } from '../test/endpoint-client.ts';
import {
  PUBLIC_ENDPOINTS,
  SAMPLES,
  instance,
  job,
  targetsOwner,
} from '../test/endpoint-samples.ts';
import type { OwnerIds, UserEndpointName } from '../test/endpoint-samples.ts';
import { TEST_DATABASES, startTestApp } from '../test/test-app.ts';
import type { TestApp } from '../test/test-app.ts';
import { talkingVideo } from '../test/test-media.ts';
import { signUp } from '../test/video-edits.ts';

const userEndpoints = (Object.keys(SAMPLES) as UserEndpointName[]).map(
  (name) => [name, ENDPOINTS[name]] as const,
);

describe('the endpoint table', () => {
  it('marks exactly the sign-in, mail-link, webhook and health endpoints public', () => {
    const open = Object.entries(ENDPOINTS)
      .filter(([, entry]) => entry.auth === 'public')
      .map(([name]) => name);
    expect(open.sort()).toEqual([...PUBLIC_ENDPOINTS].sort());
    expect(userEndpoints.length + PUBLIC_ENDPOINTS.length).toBe(Object.keys(ENDPOINTS).length);
  });
});

describe.each(TEST_DATABASES)('authorisation matrix on %s', (kind) => {
  let t: TestApp;
  let mediaDir: string;
  let ownerToken: string;
  let otherToken: string;
  let ids: OwnerIds;
  /** Text only the owner's answers contain. */
  let ownerMarkers: string[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-matrix-'));
    const owner = await reviewable(t, await readFile(await talkingVideo(mediaDir)));
    ownerToken = owner.token;
    otherToken = await signUp(t);
    const as = (entry: Parameters<typeof callEndpoint>[1], request: EndpointRequest = {}) =>
      callEndpoint(t, entry, { ...request, token: ownerToken });
    const me = expectEndpointResponse(ENDPOINTS.user, await as(ENDPOINTS.user));
    const clips = expectEndpointResponse(
      ENDPOINTS.instanceClips,
      await as(ENDPOINTS.instanceClips, {
        params: { id: owner.jobId, instance_id: owner.instanceId },
      }),
    );
    const assets = expectEndpointResponse(
      ENDPOINTS.autojobAssets,
      await as(ENDPOINTS.autojobAssets, { params: { id: owner.jobId } }),
    );
    const template = expectEndpointResponse(
      ENDPOINTS.templateCreate,
      await as(ENDPOINTS.templateCreate, { body: { name: 'Owner secret template' } }),
    );
    const ownerJob = expectEndpointResponse(
      ENDPOINTS.autojob,
      await as(ENDPOINTS.autojob, { params: { id: owner.jobId } }),
    );
    ids = {
      jobId: owner.jobId,
      instanceId: owner.instanceId,
      clipId: clips[0]?.id ?? '',
      assetId: assets.assets[0]?.id ?? '',
      templateId: template.id,
    };
    ownerMarkers = [
      me.email,
      me.username,
      ownerJob.name,
      'Owner secret template',
      ...clips.map((c) => c.title),
      ...assets.assets.map((a) => a.name),
    ];
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  const expectNoOwnerData = (body: string, where: string) => {
    for (const marker of ownerMarkers)
      expect(body, `${where} leaks '${marker}'`).not.toContain(marker);
  };

  it.each(userEndpoints)('%s refuses anonymous callers with 401', async (name, entry) => {
    const response = await callEndpoint(t, entry, SAMPLES[name](ids));
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json()).toEqual({ err: NOT_SIGNED_IN });
    expectNoOwnerData(response.body, name);
  });

  it.each(userEndpoints)("%s never reaches another user's data", async (name, entry) => {
    const response = await callEndpoint(t, entry, { ...SAMPLES[name](ids), token: otherToken });
    expectNoOwnerData(response.body, name);
    if (targetsOwner(name)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(Object.keys(response.json<object>())).toEqual(['err']);
    } else {
      // NOTE: 503 is this server's honest "payments are not configured"; never a crash.
      expect(response.statusCode, response.body).not.toBe(500);
    }
  });

  it("refuses the owner's template on the other user's own edit", async () => {
    const theirs = expectEndpointResponse(
      ENDPOINTS.autojobCreate,
      await callEndpoint(t, ENDPOINTS.autojobCreate, {
        body: { name: 'Their edit', steps: ['short-form-clips'] },
        token: otherToken,
      }),
    );
    const response = await callEndpoint(t, ENDPOINTS.autojobUpdate, {
      params: { id: theirs.id },
      body: { template_id: ids.templateId },
      token: otherToken,
    });
    expect(response.statusCode, response.body).toBe(404);
    expectNoOwnerData(response.body, 'autojobUpdate');
  });

  it("keeps the owner's data intact after the other user's attempts", async () => {
    const as = (entry: Parameters<typeof callEndpoint>[1], request: EndpointRequest = {}) =>
      callEndpoint(t, entry, { ...request, token: ownerToken });
    const ownerJob = expectEndpointResponse(
      ENDPOINTS.autojob,
      await as(ENDPOINTS.autojob, { params: { id: ids.jobId } }),
    );
    expect(ownerJob.name).toBe(ownerMarkers[2]);
    expect(ownerJob.steps.map((step) => step.step_type).sort()).toEqual([
      'optimised-long-form',
      'short-form-clips',
    ]);
    expect(ownerJob.status).toBe('awaiting-confirmation');
    const clips = expectEndpointResponse(
      ENDPOINTS.instanceClips,
      await as(ENDPOINTS.instanceClips, { params: instance(ids) }),
    );
    expect(clips.map((c) => c.confirmed)).toEqual([false, false]);
    const assets = expectEndpointResponse(
      ENDPOINTS.autojobAssets,
      await as(ENDPOINTS.autojobAssets, { params: job(ids) }),
    );
    expect(assets.assets.map((a) => a.id)).toContain(ids.assetId);
    const templates = expectEndpointResponse(ENDPOINTS.templates, await as(ENDPOINTS.templates));
    expect(templates.find((tpl) => tpl.id === ids.templateId)?.name).toBe('Owner secret template');
  });

  it('hands out media links that cannot be forged, moved to another asset or reused late', async () => {
    const linkOf = async (token: string, jobId: string, assetId: string) =>
      expectEndpointResponse(
        ENDPOINTS.autojobAsset,
        await callEndpoint(t, ENDPOINTS.autojobAsset, {
          params: { id: jobId, asset_id: assetId },
          token,
        }),
      ).url;
    const fetchLink = (url: string) => t.app.inject({ method: 'GET', url });
    const mine = await linkOf(ownerToken, ids.jobId, ids.assetId);
    expect((await fetchLink(mine)).statusCode).toBe(200);

    const video = await readFile(await talkingVideo(mediaDir));
    const other = await reviewable(t, video);
    const otherAssets = expectEndpointResponse(
      ENDPOINTS.autojobAssets,
      await callEndpoint(t, ENDPOINTS.autojobAssets, {
        params: { id: other.jobId },
        token: other.token,
      }),
    );
    const theirs = await linkOf(other.token, other.jobId, otherAssets.assets[0]?.id ?? '');
    const [myBody = '', mySig = ''] = mine.slice(MEDIA_ROUTE_PREFIX.length).split('.');
    const [theirBody = '', theirSig = ''] = theirs.slice(MEDIA_ROUTE_PREFIX.length).split('.');
    // NOTE: tokens are opaque (issue 32): nothing names the asset, so "moved" is another id
    // under my token's check.
    const moved = randomBytes(16).toString('base64url');
    for (const forged of [
      `${moved}.${mySig}`,
      `${myBody}.${theirSig}`,
      `${theirBody}.${mySig}`,
      `${myBody}.${mySig.slice(0, -4)}AAAA`,
    ]) {
      const response = await fetchLink(`${MEDIA_ROUTE_PREFIX}${forged}`);
      expect(response.statusCode, forged).toBe(403);
      expect(response.json()).toEqual({ err: MEDIA_MESSAGES.invalid });
    }

    t.advanceClock((DEFAULT_MEDIA_URL_TTL_S + 1) * 1000);
    try {
      for (const late of [mine, theirs]) {
        const response = await fetchLink(late);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ err: MEDIA_MESSAGES.expired });
      }
    } finally {
      t.resetClock();
    }
  });

  it('answers the main endpoints exactly as their table schemas say', async () => {
    const as = (entry: Parameters<typeof callEndpoint>[1], request: EndpointRequest = {}) =>
      callEndpoint(t, entry, { ...request, token: ownerToken });
    const main: UserEndpointName[] = [
      'attemptLogin',
      'account',
      'user',
      'billing',
      'languages',
      'autojobs',
      'autojob',
      'autojobSteps',
      'autojobAssets',
      'autojobAsset',
      'instanceClips',
      'clip',
      'clipConfirm',
      'clipUnconfirm',
      'instanceClipsConfirm',
      'instanceClipsUnconfirm',
      'templates',
      'templateSave',
      'autojobUpdate',
      'autojobStepDelete',
      'autojobStep',
      'autojobCreate',
    ];
    for (const name of main) {
      const request = SAMPLES[name](ids);
      const body =
        name === 'templateSave'
          ? { id: ids.templateId, name: 'Owner secret template' }
          : request.body;
      const sample = name === 'autojobUpdate' ? { name: ownerMarkers[2] } : body;
      expectEndpointResponse(
        ENDPOINTS[name],
        await as(ENDPOINTS[name], { ...request, body: sample }),
      );
    }
    expectEndpointResponse(ENDPOINTS.health, await callEndpoint(t, ENDPOINTS.health));
  });
});
