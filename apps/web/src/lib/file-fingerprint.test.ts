import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uploadFingerprintSchema } from '@roughcut/shared';
import { fingerprintFile, notMp4Reason } from './file-fingerprint.ts';

const MB = 1024 * 1024;
const filled = (size: number, seed: number): Uint8Array<ArrayBuffer> =>
  Uint8Array.from({ length: size }, (_, i) => (i * 31 + seed) % 251);

describe('file fingerprints', () => {
  it('digest the first and last megabyte with the size, in the server’s form', async () => {
    const data = filled(3 * MB + 17, 1);
    const expected = createHash('sha256')
      .update(data.subarray(0, MB))
      .update(data.subarray(data.length - MB))
      .digest('hex');
    const fingerprint = await fingerprintFile(new Blob([data]));
    expect(fingerprint).toBe(`${data.length}:${expected}`);
    expect(uploadFingerprintSchema.safeParse(fingerprint).success).toBe(true);
  });

  it('tell files apart by a changed last byte, and cover small files whole', async () => {
    const data = filled(2 * MB, 2);
    const changed = data.slice();
    changed[changed.length - 1] = (changed[changed.length - 1] ?? 0) ^ 0xff;
    expect(await fingerprintFile(new Blob([data]))).not.toBe(
      await fingerprintFile(new Blob([changed])),
    );
    const small = filled(1000, 3);
    expect(await fingerprintFile(new Blob([small]))).toBe(
      `1000:${createHash('sha256').update(small).digest('hex')}`,
    );
  });
});

describe('notMp4Reason', () => {
  it('names a text file whatever its name, and accepts an mp4', async () => {
    expect(await notMp4Reason(new File(['my notes\n'], 'talk.mp4'))).toBe(
      'This file is text, not a video: choose an .mp4 video',
    );
    const mp4 = new Uint8Array(64);
    mp4.set([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70]);
    expect(await notMp4Reason(new File([mp4], 'talk.mp4'))).toBeUndefined();
  });
});
