import { describe, expect, it } from 'vitest';
import {
  editedVideos,
  findUneditedVideo,
  isIndicatorVisible,
  shouldPollAsset,
  uploadIndicator,
  uploadPercent,
} from './upload-indicator.rules.ts';

const asset = { name: 'talk.mp4', size: 200, uploaded_amount: 50, status: 'uploading' as const };

describe('upload indicator (spec 4.1)', () => {
  it('shows "Uploading {name}..." with the percentage while uploading', () => {
    expect(uploadIndicator(asset)).toEqual({
      uploading: true,
      percent: 25,
      text: 'Uploading talk.mp4...',
      tone: 'blue',
    });
  });

  it('shows no percentage when uploaded_amount equals size', () => {
    expect(uploadIndicator({ ...asset, uploaded_amount: 200 }).percent).toBeNull();
    expect(uploadIndicator({ ...asset, uploaded_amount: 200 }).text).toBe('Uploading talk.mp4...');
  });

  it('rounds the percentage down and never shows 100 before the end', () => {
    expect(uploadPercent({ size: 1000, uploaded_amount: 999 })).toBe(99);
    expect(uploadPercent({ size: 0, uploaded_amount: 0 })).toBeNull();
    expect(uploadPercent({ size: 10, uploaded_amount: 20 })).toBe(100);
  });

  it('shows "Uploaded {name}" otherwise', () => {
    expect(uploadIndicator({ ...asset, status: 'uploaded', uploaded_amount: 200 })).toEqual({
      uploading: false,
      percent: null,
      text: 'Uploaded talk.mp4',
      tone: 'green',
    });
  });

  it('shows the reason of a failed asset', () => {
    expect(
      uploadIndicator({ ...asset, status: 'failed', failure_reason: 'The file has no audio.' })
        .text,
    ).toBe('Upload of talk.mp4 failed: The file has no audio.');
    expect(uploadIndicator({ ...asset, status: 'failed' }).tone).toBe('red');
  });

  it('polls only while uploading and lingers 2.5 s after the end', () => {
    expect(shouldPollAsset(asset)).toBe(true);
    expect(shouldPollAsset({ status: 'uploaded' })).toBe(false);
    expect(shouldPollAsset(undefined)).toBe(false);
    expect(isIndicatorVisible(null, 5)).toBe(true);
    expect(isIndicatorVisible(1000, 3499)).toBe(true);
    expect(isIndicatorVisible(1000, 3500)).toBe(false);
  });

  it('picks the unedited video and the edited ones', () => {
    const assets = [
      { id: '1', asset_type: 'unedited_video' as const },
      { id: '2', asset_type: 'edited_video' as const },
      { id: '3', asset_type: 'unedited_video' as const },
    ];
    expect(findUneditedVideo(assets)?.id).toBe('3');
    expect(findUneditedVideo([])).toBeUndefined();
    expect(editedVideos(assets).map((a) => a.id)).toEqual(['2']);
  });
});
