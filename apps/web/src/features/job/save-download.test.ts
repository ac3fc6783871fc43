import { describe, expect, it } from 'vitest';
import { createDownloadGuard, downloadFileName } from './save-download.ts';

describe('download guard', () => {
  it('alerts a second download while the first runs, then allows a new one', async () => {
    const changes: boolean[] = [];
    const guard = createDownloadGuard((busy) => changes.push(busy));
    const messages: string[] = [];
    let finish: () => void = () => undefined;
    const first = guard.run(
      () => new Promise<void>((resolve) => (finish = resolve)),
      (m) => messages.push(m),
    );
    expect(guard.busy).toBe(true);
    await guard.run(
      () => Promise.resolve(),
      (m) => messages.push(m),
    );
    expect(messages).toEqual(['Your video is already downloading']);
    finish();
    await first;
    expect(guard.busy).toBe(false);
    let ran = false;
    await guard.run(
      () => {
        ran = true;
        return Promise.resolve();
      },
      (m) => messages.push(m),
    );
    expect(ran).toBe(true);
    expect(changes).toEqual([true, false, true, false]);
  });

  it('frees the guard when the download fails', async () => {
    const guard = createDownloadGuard();
    await expect(
      guard.run(
        () => Promise.reject(new Error('x')),
        () => undefined,
      ),
    ).rejects.toThrow('x');
    expect(guard.busy).toBe(false);
  });

  it('names the file from the header, else from the edit', () => {
    expect(downloadFileName('clip 1.mp4', 'Edit', 'video/mp4')).toBe('clip 1.mp4');
    expect(downloadFileName(undefined, 'My: edit', 'video/mp4')).toBe('My_ edit.mp4');
    expect(downloadFileName(undefined, '', 'application/zip')).toBe('video.zip');
  });
});
