import { describe, expect, it } from 'vitest';
import type { Asset } from '@roughcut/shared';
import {
  PAUSED_AFTER_MS,
  pausedUploadMessage,
  pausedUploadOf,
  sameFileProblem,
} from './paused-upload.rules.ts';

const asset = (patch: Partial<Asset> = {}): Asset => ({
  id: 'a1',
  name: 'talk.mp4',
  asset_type: 'unedited_video',
  size: 1000,
  uploaded_amount: 620,
  status: 'uploading',
  upload_url: '/api/manage/autojob/j1/uploads/abc',
  upload_fingerprint: '1000:ff',
  ...patch,
});

describe('paused uploads', () => {
  it('are unfinished resumable uploads that stood still and that this tab is not sending', () => {
    expect(pausedUploadOf(asset(), false, PAUSED_AFTER_MS)).toEqual({
      name: 'talk.mp4',
      size: 1000,
      percent: 62,
      url: '/api/manage/autojob/j1/uploads/abc',
      fingerprint: '1000:ff',
    });
    expect(pausedUploadOf(asset(), true, PAUSED_AFTER_MS)).toBeNull();
    expect(pausedUploadOf(asset(), false, PAUSED_AFTER_MS - 1)).toBeNull();
    expect(pausedUploadOf(asset({ status: 'uploaded' }), false, PAUSED_AFTER_MS)).toBeNull();
    expect(pausedUploadOf(asset({ upload_url: null }), false, PAUSED_AFTER_MS)).toBeNull();
    expect(pausedUploadOf(asset({ uploaded_amount: 1000 }), false, PAUSED_AFTER_MS)?.percent).toBe(
      99,
    );
  });

  it('say where they stopped in the words the page shows', () => {
    expect(pausedUploadMessage(62)).toBe('Upload paused at 62%: choose the same file to resume');
  });

  it('resume only with the same file: same size and same fingerprint', () => {
    const paused = { name: 'talk.mp4', size: 1000, fingerprint: '1000:ff' };
    expect(sameFileProblem(paused, { size: 1000 }, '1000:ff')).toBeNull();
    expect(sameFileProblem(paused, { size: 999 }, '999:ff')).toBe(
      'This is not the file the upload began with: talk.mp4 is 1000 B and this file is 999 B. Choose talk.mp4 to resume, or upload this file as a new video.',
    );
    expect(sameFileProblem(paused, { size: 1000 }, '1000:ee')).toMatch(/different inside/);
    expect(sameFileProblem({ ...paused, fingerprint: null }, { size: 1000 }, '1000:ee')).toBeNull();
  });
});
