import { describe, expect, it } from 'vitest';
import {
  INITIAL_UPLOAD_TRACK,
  mergeLocalProgress,
  trackUpload,
  visibleIndicator,
} from './upload-tracker.ts';

const asset = (status: 'uploading' | 'uploaded' | 'failed', uploaded = 50, id = 'a1') => ({
  id,
  name: 'talk.mp4',
  size: 100,
  uploaded_amount: uploaded,
  status,
});

describe('upload indicator tracking', () => {
  it('shows the percentage while uploading, then "Uploaded" for 2.5 s', () => {
    let track = trackUpload(INITIAL_UPLOAD_TRACK, asset('uploading', 42), 0);
    expect(visibleIndicator(track, asset('uploading', 42), 0)).toMatchObject({
      text: 'Uploading talk.mp4...',
      percent: 42,
    });
    track = trackUpload(track, asset('uploaded', 100), 1000);
    expect(visibleIndicator(track, asset('uploaded', 100), 1000)?.text).toBe('Uploaded talk.mp4');
    expect(visibleIndicator(track, asset('uploaded', 100), 3499)?.text).toBe('Uploaded talk.mp4');
    expect(visibleIndicator(track, asset('uploaded', 100), 3500)).toBeNull();
    // A later poll does not restart the linger.
    track = trackUpload(track, asset('uploaded', 100), 3000);
    expect(track.endedAtMs).toBe(1000);
  });

  it('stays hidden for a video that was already uploaded when the page opened', () => {
    const track = trackUpload(INITIAL_UPLOAD_TRACK, asset('uploaded', 100), 0);
    expect(visibleIndicator(track, asset('uploaded', 100), 0)).toBeNull();
  });

  it('follows a new upload that replaces the video', () => {
    let track = trackUpload(INITIAL_UPLOAD_TRACK, asset('uploaded', 100), 0);
    track = trackUpload(track, asset('uploading', 10, 'a2'), 10_000);
    expect(visibleIndicator(track, asset('uploading', 10, 'a2'), 10_000)?.percent).toBe(10);
  });

  it('keeps following when the server asset replaces the browser stand-in', () => {
    const local = mergeLocalProgress(undefined, { name: 'talk.mp4', loaded: 5, total: 100 });
    let track = trackUpload(INITIAL_UPLOAD_TRACK, local, 0);
    expect(visibleIndicator(track, local, 0)?.percent).toBe(5);
    track = trackUpload(track, asset('failed', 100, 'a9'), 500);
    expect(visibleIndicator(track, asset('failed', 100, 'a9'), 600)?.tone).toBe('red');
    expect(visibleIndicator(track, asset('failed', 100, 'a9'), 3000)).toBeNull();
  });

  it('prefers the browser progress while it is further along', () => {
    const local = { name: 'talk.mp4', loaded: 80, total: 100 };
    expect(mergeLocalProgress(undefined, local)).toMatchObject({ uploaded_amount: 80, size: 100 });
    expect(mergeLocalProgress(asset('uploading', 90), local)).toMatchObject({
      uploaded_amount: 90,
    });
    expect(mergeLocalProgress(asset('uploading', 20), local)).toMatchObject({
      id: 'a1',
      uploaded_amount: 80,
    });
    expect(mergeLocalProgress(asset('uploaded', 100), local)?.status).toBe('uploaded');
    expect(mergeLocalProgress(asset('uploaded', 100), null)?.status).toBe('uploaded');
  });
});
