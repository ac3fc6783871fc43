import { describe, expect, it } from 'vitest';
import { resolveStorageDir } from './config-storage.ts';

describe('resolveStorageDir', () => {
  it('defaults to DATA_DIR/media', () => {
    expect(resolveStorageDir('/data')).toBe('/data/media');
    expect(resolveStorageDir('/data', '/mnt/shared')).toBe('/mnt/shared');
    expect(resolveStorageDir('/data', ' ')).toBe('/data/media');
  });
});
