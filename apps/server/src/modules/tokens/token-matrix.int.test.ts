// Issue 36: the access-token matrix, generated from the endpoint table. Every signed-in endpoint is
// called with no credential, a revoked, an expired and a made-up token, a read and a read+edit
// token, and another user's token aimed at the owner's ids: the expected status each time, and no
// token ever reaches an account, password, e-mail, token or billing endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_REFUSALS, ENDPOINTS, tokenScopeOf } from '@roughcut/shared';
import type { AccessTokenScope } from '@roughcut/shared';
import { NOT_SIGNED_IN } from '../auth/auth.guard.ts';
import { callEndpoint, expectEndpointResponse } from '../../test/endpoint-client.ts';
import { SAMPLES, targetsOwner } from '../../test/endpoint-samples.ts';
import type { OwnerIds, UserEndpointName } from '../../test/endpoint-samples.ts';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { signUp } from '../../test/video-edits.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A well-formed token no one was given. */
const MADE_UP = `rc_${'A'.repeat(43)}`;

const userEndpoints = (Object.keys(SAMPLES) as UserEndpointName[]).map(
  (name) => [name, ENDPOINTS[name], tokenScopeOf(ENDPOINTS[name])] as const,
);
const sessionOnly = userEndpoints.filter(([, , scope]) => scope === 'none');
const reachable = userEndpoints.filter(([, , scope]) => scope !== 'none');
const editOnly = userEndpoints.filter(([, , scope]) => scope === 'edit');

/** Where a token must never go, named by the endpoint's path. */
const PRIVATE_PATHS = [
  /\/api\/manage\/(account|user|billing|tokens)/,
  /\/api\/auth\//,
  /\/api\/updateemail\//,
  /\/api\/:provider\//,
];

const refusals = new Set<string>([...Object.values(ACCESS_TOKEN_REFUSALS), NOT_SIGNED_IN]);

describe.each(TEST_DATABASES)('access tokens on %s', (kind) => {
  let t: TestApp;
  let ids: OwnerIds;
  const tokens = {} as Record<'read' | 'edit' | 'revoked' | 'expiring' | 'otherEdit', string>;

  const makeToken = async (
    session: string,
    scope: AccessTokenScope,
    days: 30 | 90 | 365 | null = null,
  ) =>
    expectEndpointResponse(
      ENDPOINTS.accessTokenCreate,
      await callEndpoint(t, ENDPOINTS.accessTokenCreate, {
        token: session,
        body: { name: `Matrix ${scope}`, scope, expires_in_days: days },
      }),
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    const owner = await signUp(t);
    const other = await signUp(t);
    const edit = expectEndpointResponse(
      ENDPOINTS.autojobCreate,
      await callEndpoint(t, ENDPOINTS.autojobCreate, {
        token: owner,
        body: { name: 'Owner edit', steps: ['short-form-clips'] },
      }),
    );
    const template = expectEndpointResponse(
      ENDPOINTS.templateCreate,
      await callEndpoint(t, ENDPOINTS.templateCreate, {
        token: owner,
        body: { name: 'Owner template' },
      }),
    );
    // NOTE: the run, clip and asset do not exist: a token that reaches the handler gets its 404.
    const missing = '00000000-0000-4000-8000-000000000000';
    ids = {
      jobId: edit.id,
      instanceId: missing,
      clipId: missing,
      assetId: missing,
      templateId: template.id,
    };
    tokens.read = (await makeToken(owner, 'read')).token;
    tokens.edit = (await makeToken(owner, 'read+edit')).token;
    tokens.expiring = (await makeToken(owner, 'read+edit', 30)).token;
    const revoked = await makeToken(owner, 'read+edit');
    tokens.revoked = revoked.token;
    const revoke = await callEndpoint(t, ENDPOINTS.accessTokenRevoke, {
      token: owner,
      params: { id: revoked.access_token.id },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    tokens.otherEdit = (await makeToken(other, 'read+edit')).token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const expectRefused = (
    response: { statusCode: number; json: <T>() => T; body: string },
    status: number,
    err: string,
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ err });
  };

  it('marks every account, password, e-mail, token and billing endpoint session-only', () => {
    for (const [name, entry, scope] of userEndpoints) {
      if (PRIVATE_PATHS.some((pattern) => pattern.test(entry.path))) {
        expect(scope, name).toBe('none');
      }
    }
    expect(sessionOnly.length).toBeGreaterThanOrEqual(10);
  });

  it.each(userEndpoints)('%s: no credential gets 401', async (name) => {
    expectRefused(await callEndpoint(t, ENDPOINTS[name], SAMPLES[name](ids)), 401, NOT_SIGNED_IN);
  });

  it.each(userEndpoints)(
    '%s: a made-up, revoked or expired token gets 401 saying which',
    async (name) => {
      const request = SAMPLES[name](ids);
      const call = (bearer: string) => callEndpoint(t, ENDPOINTS[name], { ...request, bearer });
      expectRefused(await call(MADE_UP), 401, ACCESS_TOKEN_REFUSALS.invalid);
      expectRefused(await call(tokens.revoked), 401, ACCESS_TOKEN_REFUSALS.revoked);
      t.advanceClock(31 * DAY_MS);
      try {
        expectRefused(await call(tokens.expiring), 401, ACCESS_TOKEN_REFUSALS.expired);
      } finally {
        t.resetClock();
      }
    },
  );

  it.each(sessionOnly)('%s: no token reaches it, whatever its scope', async (name) => {
    for (const bearer of [tokens.read, tokens.edit]) {
      const response = await callEndpoint(t, ENDPOINTS[name], { ...SAMPLES[name](ids), bearer });
      expectRefused(response, 403, ACCESS_TOKEN_REFUSALS.sessionOnly);
    }
  });

  it.each(editOnly)('%s: a read token may not change anything', async (name) => {
    const response = await callEndpoint(t, ENDPOINTS[name], {
      ...SAMPLES[name](ids),
      bearer: tokens.read,
    });
    expectRefused(response, 403, ACCESS_TOKEN_REFUSALS.readOnly);
  });

  it.each(reachable)(
    "%s: another user's token reaches it, but never the owner's data",
    async (name) => {
      const response = await callEndpoint(t, ENDPOINTS[name], {
        ...SAMPLES[name](ids),
        bearer: tokens.otherEdit,
      });
      expect(response.statusCode, response.body).not.toBe(500);
      if (targetsOwner(name)) {
        expect(response.statusCode, response.body).toBe(404);
      } else {
        const err = response.statusCode >= 400 ? response.json<{ err?: string }>().err : undefined;
        expect(refusals.has(err ?? ''), response.body).toBe(false);
      }
    },
  );

  it("lets the owner's tokens read and change the owner's edit, with no cookie and no Origin", async () => {
    const read = await callEndpoint(t, ENDPOINTS.autojob, {
      params: { id: ids.jobId },
      bearer: tokens.read,
    });
    expect(expectEndpointResponse(ENDPOINTS.autojob, read).name).toBe('Owner edit');
    const renamed = await callEndpoint(t, ENDPOINTS.autojobUpdate, {
      params: { id: ids.jobId },
      body: { name: 'Renamed by a script' },
      bearer: tokens.edit,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await callEndpoint(t, ENDPOINTS.autojob, {
      params: { id: ids.jobId },
      bearer: tokens.read,
    });
    expect(expectEndpointResponse(ENDPOINTS.autojob, after).name).toBe('Renamed by a script');
  });

  it('shows each token once, lists it with its last use, and never stores it in the clear', async () => {
    const owner = await signUp(t);
    const made = await makeToken(owner, 'read');
    expect(made.token.startsWith('rc_')).toBe(true);
    await callEndpoint(t, ENDPOINTS.autojobs, { bearer: made.token });
    const list = expectEndpointResponse(
      ENDPOINTS.accessTokens,
      await callEndpoint(t, ENDPOINTS.accessTokens, { token: owner }),
    );
    expect(list.tokens).toHaveLength(1);
    expect(list.tokens[0]?.last_used_at).not.toBeNull();
    expect(JSON.stringify(list)).not.toContain(made.token);
    expect(made.token.startsWith(list.tokens[0]?.hint ?? 'x')).toBe(true);
  });
});
