import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './config-proxy.ts';

describe('parseTrustProxy', () => {
  it.each([
    [undefined, false],
    ['true', 1],
    ['yes', 1],
    ['false', false],
    ['1', 1],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
    ['loopback', ['loopback']],
  ])('%s', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
  });
});
