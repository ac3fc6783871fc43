// Issue 36: a retried create with the same Idempotency-Key makes one edit and answers the same;
// the same key on a different request is refused; keys are per user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, urlOf } from '@roughcut/shared';
import { expectEndpointResponse } from '../test/endpoint-client.ts';
import { TEST_DATABASES, TEST_ORIGIN, startTestApp, withSession } from '../test/test-app.ts';
import type { TestApp } from '../test/test-app.ts';
import { signUp } from '../test/video-edits.ts';
import { IDEMPOTENCY_MESSAGES, REPLAYED_HEADER } from './idempotency.ts';

describe.each(TEST_DATABASES)('Idempotency-Key on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const create = (session: string, key: string | undefined, name: string) =>
    t.app.inject({
      method: ENDPOINTS.autojobCreate.method,
      url: urlOf(ENDPOINTS.autojobCreate, {}),
      headers: {
        origin: TEST_ORIGIN,
        'content-type': 'application/json',
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      ...withSession(session),
      payload: JSON.stringify({ name, steps: ['short-form-clips'] }),
    });

  const countEdits = async (session: string) =>
    expectEndpointResponse(
      ENDPOINTS.autojobs,
      await t.app.inject({
        method: 'GET',
        url: urlOf(ENDPOINTS.autojobs, {}),
        headers: { origin: TEST_ORIGIN },
        ...withSession(session),
      }),
    ).length;

  it('makes one edit for a create retried with the same key, answered the same', async () => {
    const session = await signUp(t);
    const first = await create(session, 'retry-1', 'Script edit');
    const again = await create(session, 'retry-1', 'Script edit');
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(await countEdits(session)).toBe(1);
    // Without a key, each create is its own.
    await create(session, undefined, 'Script edit');
    expect(await countEdits(session)).toBe(2);
  });

  it('refuses the same key on a different request, and keeps keys per user', async () => {
    const session = await signUp(t);
    expect((await create(session, 'shared-key', 'One')).statusCode).toBe(200);
    const other = await create(session, 'shared-key', 'Another');
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json()).toEqual({ err: IDEMPOTENCY_MESSAGES.reused });
    const someoneElse = await signUp(t);
    const theirs = await create(someoneElse, 'shared-key', 'One');
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await countEdits(someoneElse)).toBe(1);
  });

  it('refuses a key that is not visible ASCII', async () => {
    const session = await signUp(t);
    const response = await create(session, 'x'.repeat(256), 'Too long a key');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ err: IDEMPOTENCY_MESSAGES.invalid });
    expect(await countEdits(session)).toBe(0);
  });
});
