import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  readUploadState,
  removeUploadState,
  stateDirOf,
  uploadStatePath,
  writeUploadState,
} from './upload-state.store.ts';
import type { UploadState } from './upload-state.store.ts';

describe('the upload state file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'roughcut-state-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lives under XDG_STATE_HOME, else ~/.local/state', () => {
    expect(stateDirOf({ XDG_STATE_HOME: '/s' })).toBe('/s/roughcut');
    expect(stateDirOf({ HOME: '/home/ada' })).toBe('/home/ada/.local/state/roughcut');
  });

  it('is one file per server and video path', () => {
    const env = { XDG_STATE_HOME: dir };
    const a = uploadStatePath(env, 'https://one.test', '/v/talk.mp4');
    expect(a.startsWith(join(dir, 'roughcut', 'uploads'))).toBe(true);
    expect(uploadStatePath(env, 'https://one.test', '/v/../v/talk.mp4')).toBe(a);
    expect(uploadStatePath(env, 'https://two.test', '/v/talk.mp4')).not.toBe(a);
    expect(uploadStatePath(env, 'https://one.test', '/v/other.mp4')).not.toBe(a);
  });

  it('is written, read back and removed; anything unreadable reads as none', async () => {
    const path = uploadStatePath({ XDG_STATE_HOME: dir }, 'https://one.test', '/v/talk.mp4');
    const state: UploadState = {
      version: 1,
      server: 'https://one.test',
      file: '/v/talk.mp4',
      fingerprint: '10:abc',
      createKey: 'key',
      jobId: 'job-1',
      uploadUrl: 'https://one.test/api/manage/autojob/job-1/uploads/0f',
    };
    await writeUploadState(path, state);
    expect(await readUploadState(path)).toEqual(state);
    await writeFile(path, '{"version": 2}');
    expect(await readUploadState(path)).toBeUndefined();
    await writeFile(path, 'not json');
    expect(await readUploadState(path)).toBeUndefined();
    await removeUploadState(path);
    expect(await readUploadState(path)).toBeUndefined();
    await expect(readFile(path)).rejects.toThrow();
  });
});
