import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MediaSecretError, loadMediaSecret } from './media-secret.ts';

describe('loadMediaSecret', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-secret-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prefers MEDIA_SECRET and insists on a long one', async () => {
    expect(await loadMediaSecret({ dataDir, mediaSecret: 'k'.repeat(40) })).toBe('k'.repeat(40));
    await expect(loadMediaSecret({ dataDir, mediaSecret: 'short' })).rejects.toBeInstanceOf(
      MediaSecretError,
    );
  });

  it('creates DATA_DIR/secret once, 0600, and every concurrent loader gets the same one', async () => {
    const nested = path.join(dataDir, 'fresh');
    const secrets = await Promise.all(
      Array.from({ length: 8 }, () => loadMediaSecret({ dataDir: nested })),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(nested, 'secret');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(secrets[0]);
    expect(await loadMediaSecret({ dataDir: nested, mediaSecret: '' })).toBe(secrets[0]);
  });

  it('refuses a truncated secret file with a clear message', async () => {
    await writeFile(path.join(dataDir, 'secret'), 'abc\n');
    await expect(loadMediaSecret({ dataDir })).rejects.toThrow(
      /delete it to have a new one generated/,
    );
  });
});
