// The CSRF matrix, generated from the shared endpoint table: every state-changing endpoint is
// called from another site through every spelling of its path the router accepts (percent-encoded
// letters in either hex case, absolute-form request targets), and is refused before it runs.
// Form bodies, which another site can post without a preflight, reach only the table's form posts.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, pathParamNamesOf, urlOf } from '@roughcut/shared';
import type { Endpoint } from '@roughcut/shared';
import { SESSION_COOKIE } from '../modules/auth/sessions.ts';
import { TEST_DATABASES, TEST_ORIGIN, withSession } from '../test/test-app.ts';
import type { TestApp } from '../test/test-app.ts';
import { startTestApp } from '../test/test-app.ts';
import { signUp } from '../test/video-edits.ts';
import { CSRF_MESSAGE } from './csrf.ts';
import { FORM_BODY_REFUSED } from './endpoint-route.ts';

const FOREIGN = 'https://evil.example';
const FORM = 'application/x-www-form-urlencoded';

/** Every entry that changes state: all but GET, plus the GETs the table marks (the spec's logout). */
const stateChanging = Object.entries(ENDPOINTS as Record<string, Endpoint>).filter(
  ([name, entry]) => entry.method !== 'GET' || name === 'logout' || entry.changesState === true,
);

/** The entry's path with sample values (the provider is the one this server speaks to). */
const samplePath = (entry: Endpoint): string =>
  urlOf(
    entry,
    Object.fromEntries(
      pathParamNamesOf(entry.path).map((name) => [name, name === 'provider' ? 'stripe' : 'x1']),
    ),
  );

const hex = (char: string, upper: boolean) => {
  const code = char.charCodeAt(0).toString(16);
  return `%${upper ? code.toUpperCase() : code}`;
};

/** Spellings of `/api/<rest>` that the router decodes back to `/api/<rest>`, in both hex cases. */
function encodedSpellings(path: string): string[] {
  const rest = path.slice('/api'.length);
  const segment = rest.slice(1);
  const first = segment[0] ?? 'x';
  return [
    `/%61pi${rest}`,
    `/ap%69${rest}`,
    `/%61%70%69${rest}`,
    `/%61pi/${hex(first, true)}${segment.slice(1)}`,
    `/a%70i/${hex(first, false)}${segment.slice(1)}`,
    // NOTE: `/aPI` matches no route; it must be refused all the same.
    `/%61%50%49${rest}`,
  ];
}

/** One raw HTTP/1.1 exchange, so the request target goes out exactly as written. */
function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    const lines = [
      `${method} ${target} HTTP/1.1`,
      `host: 127.0.0.1:${port}`,
      'connection: close',
      `content-length: ${Buffer.byteLength(body)}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}

describe.each(TEST_DATABASES)('CSRF matrix on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let port: number;
  let username: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    token = await signUp(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/manage/user',
      ...withSession(token),
    });
    username = me.json<{ username: string }>().username;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const attack = (method: string, url: string) =>
    t.app.inject({
      method: method as 'POST',
      url,
      headers: { origin: FOREIGN, 'content-type': FORM },
      ...withSession(token),
      ...(method === 'GET' ? {} : { payload: 'username=hacked&password=hacked-password' }),
    });

  it('covers every state-changing endpoint of the table', () => {
    expect(stateChanging.length).toBeGreaterThan(20);
    for (const [, entry] of stateChanging) expect(entry.path.startsWith('/api/')).toBe(true);
  });

  it.each(stateChanging)('%s refuses another site under every encoded path', async (_n, entry) => {
    const path = samplePath(entry);
    // NOTE: a GET that matches no route changes nothing (the unknown `/aPI/...` spelling).
    const spellings = encodedSpellings(path).slice(0, entry.method === 'GET' ? -1 : undefined);
    for (const url of [path, ...spellings]) {
      const response = await attack(entry.method, url);
      expect(response.statusCode, `${entry.method} ${url}: ${response.body}`).toBe(403);
      expect(response.json()).toEqual({ err: CSRF_MESSAGE });
    }
  });

  it.each(stateChanging)('%s refuses another site in absolute form', async (_n, entry) => {
    const path = samplePath(entry);
    for (const target of [
      `http://127.0.0.1:${port}${path}`,
      `${TEST_ORIGIN}/%61pi${path.slice('/api'.length)}`,
      `http://evil.example/ap%69${path.slice('/api'.length)}`,
    ]) {
      const body = 'username=hacked';
      const response = await rawRequest(
        port,
        entry.method,
        target,
        {
          origin: FOREIGN,
          'content-type': FORM,
          cookie: `${SESSION_COOKIE}=${token}`,
        },
        body,
      );
      expect(response.status, `${entry.method} ${target}: ${response.body}`).toBe(403);
      expect(JSON.parse(response.body)).toEqual({ err: CSRF_MESSAGE });
    }
  });

  it('refuses another site on paths no route matches and on the web app fallback', async () => {
    for (const [method, url] of [
      ['POST', '/api/no-such-endpoint'],
      ['DELETE', '/%61pi/nothing/here'],
      ['POST', '/edits'],
      ['PUT', '/account/billing'],
    ] as const) {
      const response = await attack(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('left the account as it was', async () => {
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/manage/user',
      ...withSession(token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username });
  });

  it.each(
    stateChanging.filter(
      ([, entry]) =>
        entry.method !== 'GET' && !['form-or-json', 'raw'].includes(entry.bodyKind ?? ''),
    ),
  )('%s refuses a form body from our own page', async (_n, entry) => {
    const url = samplePath(entry);
    for (const target of [url, `/%61pi${url.slice('/api'.length)}`]) {
      const response = await t.app.inject({
        method: entry.method,
        url: target,
        headers: { origin: TEST_ORIGIN, 'content-type': FORM },
        ...withSession(token),
        payload: 'username=renamed',
      });
      expect(response.statusCode, `${entry.method} ${target}: ${response.body}`).toBe(415);
      expect(response.json()).toEqual({ err: FORM_BODY_REFUSED });
    }
  });
});
