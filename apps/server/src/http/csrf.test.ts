import { describe, expect, it } from 'vitest';
import { allowedOriginsFor, isSameOriginRequest } from './csrf.ts';

const allowedOrigins = ['http://localhost:3000', 'http://127.0.0.1:3000'];
const check = (input: Partial<Parameters<typeof isSameOriginRequest>[0]>) =>
  isSameOriginRequest({
    method: 'POST',
    origin: undefined,
    referer: undefined,
    secFetchSite: undefined,
    allowedOrigins,
    ...input,
  });

describe('isSameOriginRequest', () => {
  it('lets safe methods through whatever their origin', () => {
    expect(check({ method: 'GET', origin: 'https://evil.example' })).toBe(true);
    expect(check({ method: 'HEAD', origin: 'https://evil.example' })).toBe(true);
  });

  it('accepts our own origins', () => {
    expect(check({ origin: 'http://localhost:3000' })).toBe(true);
    expect(check({ method: 'DELETE', origin: 'http://127.0.0.1:3000' })).toBe(true);
    expect(check({ referer: 'http://localhost:3000/account/billing' })).toBe(true);
  });

  it('refuses other origins, schemes, ports and opaque origins', () => {
    expect(check({ origin: 'https://evil.example' })).toBe(false);
    expect(check({ origin: 'https://localhost:3000' })).toBe(false);
    expect(check({ origin: 'http://localhost:3001' })).toBe(false);
    expect(check({ origin: 'null' })).toBe(false);
    expect(check({ origin: 'garbage' })).toBe(false);
    expect(check({ method: 'PUT', referer: 'http://evil.example/x' })).toBe(false);
  });

  it('prefers Origin over Referer', () => {
    expect(check({ origin: 'https://evil.example', referer: 'http://localhost:3000/' })).toBe(
      false,
    );
  });

  it('falls back to Sec-Fetch-Site', () => {
    expect(check({ secFetchSite: 'cross-site' })).toBe(false);
    expect(check({ secFetchSite: 'same-site' })).toBe(false);
    expect(check({ secFetchSite: 'same-origin' })).toBe(true);
  });

  it('lets non-browser clients (no Origin, Referer or Sec-Fetch-Site) through', () => {
    expect(check({})).toBe(true);
  });
});

describe('allowedOriginsFor', () => {
  it('is PUBLIC_URL alone for a public address', () => {
    expect(allowedOriginsFor('https://roughcut.example.com')).toEqual([
      'https://roughcut.example.com',
    ]);
    expect(allowedOriginsFor('https://roughcut.example.com:8443/app')).toEqual([
      'https://roughcut.example.com:8443',
    ]);
  });

  it("adds a loopback address's aliases on the same scheme and port", () => {
    expect(allowedOriginsFor('http://localhost:3000')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
  });

  it('never lets another port or site through, whatever Host the request names', () => {
    const allowed = allowedOriginsFor('http://localhost:3000');
    expect(check({ allowedOrigins: allowed, origin: 'http://localhost:5173' })).toBe(false);
    expect(check({ allowedOrigins: allowed, origin: 'http://127.0.0.1:3000' })).toBe(true);
    expect(check({ allowedOrigins: allowed, origin: 'http://attacker.example' })).toBe(false);
  });
});
