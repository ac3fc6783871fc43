import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExampleImageLoader } from './example-image-loader.ts';

type Pending = {
  params: number;
  signal: AbortSignal;
  resolve: (b: Blob) => void;
  reject: () => void;
};

function setup() {
  const pending: Pending[] = [];
  const images: (string | null)[] = [];
  const loading: boolean[] = [];
  const loader = createExampleImageLoader<number>({
    debounceMs: 250,
    fetchImage: (params, signal) =>
      new Promise<Blob>((resolve, reject) => {
        pending.push({ params, signal, resolve, reject: () => reject(new Error('failed')) });
      }),
    onImage: (image) => {
      images.push(image ? 'image' : null);
    },
    onLoading: (value) => loading.push(value),
  });
  return { loader, pending, images, loading };
}

const blob = (text: string) => new Blob([text]);
const flush = () => Promise.resolve().then(() => Promise.resolve());

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the example image loader', () => {
  it('waits for a pause in typing or dragging and sends only the last settings', async () => {
    const { loader, pending, loading } = setup();
    for (const size of [20, 21, 22, 23]) {
      loader.request(size);
      vi.advanceTimersByTime(100);
    }
    expect(pending).toHaveLength(0);
    expect(loading.at(-1)).toBe(true);
    vi.advanceTimersByTime(250);
    expect(pending.map((p) => p.params)).toEqual([23]);
    pending[0]?.resolve(blob('23'));
    await flush();
    expect(loading.at(-1)).toBe(false);
  });

  it('sends at once when asked and aborts the older request', () => {
    const { loader, pending } = setup();
    loader.request(1, { immediate: true });
    loader.request(2, { immediate: true });
    expect(pending.map((p) => p.params)).toEqual([1, 2]);
    expect(pending[0]?.signal.aborted).toBe(true);
    expect(pending[1]?.signal.aborted).toBe(false);
  });

  it('never shows an older image after a newer one', async () => {
    const { loader, pending, images } = setup();
    loader.request(1, { immediate: true });
    loader.request(2, { immediate: true });
    pending[1]?.resolve(blob('new'));
    await flush();
    // The older answer arrives late (its server did not notice the abort in time).
    pending[0]?.resolve(blob('old'));
    await flush();
    expect(images).toEqual(['image']);
  });

  it('clears the preview and stops loading when the latest request fails', async () => {
    const { loader, pending, images, loading } = setup();
    loader.request(1, { immediate: true });
    pending[0]?.reject();
    await flush();
    expect(images).toEqual([null]);
    expect(loading.at(-1)).toBe(false);
  });

  it('stops everything when disposed', () => {
    const { loader, pending } = setup();
    loader.request(1, { immediate: true });
    loader.request(2);
    loader.dispose();
    vi.advanceTimersByTime(1000);
    expect(pending).toHaveLength(1);
    expect(pending[0]?.signal.aborted).toBe(true);
  });
});
