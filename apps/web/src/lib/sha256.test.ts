import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256.ts';

const reference = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

describe('sha256Hex', () => {
  it('matches the standard digest for empty, short, block-edge and long inputs', () => {
    for (const length of [0, 1, 55, 56, 63, 64, 65, 1000, 2 * 1024 * 1024 + 7]) {
      const data = new Uint8Array(randomBytes(length));
      expect(sha256Hex(data)).toBe(reference(data));
    }
    expect(sha256Hex(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
