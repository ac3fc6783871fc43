// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaLinkRenewers } from './media-link.ts';
import { useMediaSource } from './use-media-source.ts';

const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;
/** An opaque link as the server hands it out, noted with what it serves as the web does. */
function link(key: string, expiresAtS: number, tag: string): string {
  const url = `/api/media/${tag}.check`;
  mediaLinkRenewers.remember(url, () => Promise.resolve(url), {
    media: key,
    expiresAtMs: expiresAtS * 1000,
  });
  return url;
}

function Player({ offered }: { offered: string | undefined }) {
  const media = useMediaSource(offered);
  return media.src ? (
    <video
      data-testid="player"
      src={media.src}
      onError={media.onError}
      onLoadedMetadata={media.onLoadedMetadata}
      onLoadedData={media.onLoadedData}
    />
  ) : null;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useMediaSource', () => {
  it('keeps playing on a renewed link, and on a refused one swaps in a fresh link and resumes', async () => {
    const first = link('jobs/j/a/talk.mp4', inSeconds(600), 'first');
    const renewed = link('jobs/j/a/talk.mp4', inSeconds(1200), 'renewed');
    const { rerender } = render(<Player offered={first} />);
    const video = screen.getByTestId<HTMLVideoElement>('player');
    expect(video.getAttribute('src')).toBe(first);

    // The query renews the link: the playing element is not reloaded.
    rerender(<Player offered={renewed} />);
    expect(video.getAttribute('src')).toBe(first);

    // The old link is refused mid-play (expired or signed out): the fresh one takes over.
    fireEvent.loadedMetadata(video);
    video.currentTime = 42;
    Object.defineProperty(video, 'paused', { configurable: true, value: false });
    fireEvent.error(video);
    await waitFor(() => expect(video.getAttribute('src')).toBe(renewed));

    const play = vi.spyOn(video, 'play').mockResolvedValue();
    video.currentTime = 0;
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(42);
    fireEvent.loadedData(video);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('asks the server again when the link it holds is the newest, once per failure', async () => {
    const held = link('jobs/j/a/talk.mp4', inSeconds(600), 'held');
    const fresh = link('jobs/j/a/talk.mp4', inSeconds(1200), 'fresh');
    const renew = vi.fn(() => Promise.resolve(fresh));
    mediaLinkRenewers.remember(held, renew);
    render(<Player offered={held} />);
    const video = screen.getByTestId<HTMLVideoElement>('player');
    fireEvent.error(video);
    await waitFor(() => expect(video.getAttribute('src')).toBe(fresh));
    // The fresh link fails too before anything loaded: no loop of renewals.
    fireEvent.error(video);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('shows another video at once', () => {
    const a = link('jobs/j/a/talk.mp4', inSeconds(600), 'a');
    const b = link('jobs/j/b/other.mp4', inSeconds(600), 'b');
    const { rerender } = render(<Player offered={a} />);
    rerender(<Player offered={b} />);
    expect(screen.getByTestId('player').getAttribute('src')).toBe(b);
  });
});
