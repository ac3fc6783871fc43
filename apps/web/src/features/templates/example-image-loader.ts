// The example image's requests: every change asks for a new image, debounced while the user types
// or drags; a newer request aborts the older one, and an answer that is no longer the latest is
// dropped, so an older image never replaces a newer one.

export type ExampleImageLoaderDeps<P> = {
  fetchImage: (params: P, signal: AbortSignal) => Promise<Blob>;
  /** The latest image, or null when it failed (SPEC 8: the preview clears, no message). */
  onImage: (image: Blob | null) => void;
  onLoading: (loading: boolean) => void;
  /** Quiet time after the last change before the request goes out. */
  debounceMs: number;
};

export type ExampleImageLoader<P> = {
  /** Asks for the image of `params`; `immediate` skips the debounce (first load, toggles). */
  request: (params: P, options?: { immediate?: boolean }) => void;
  dispose: () => void;
};

export function createExampleImageLoader<P>(
  deps: ExampleImageLoaderDeps<P>,
): ExampleImageLoader<P> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: AbortController | null = null;
  let latest = 0;
  let disposed = false;

  const send = (params: P, id: number) => {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    deps.fetchImage(params, controller.signal).then(
      (image) => {
        if (id !== latest || disposed) return;
        inFlight = null;
        deps.onImage(image);
        deps.onLoading(false);
      },
      () => {
        if (id !== latest || disposed) return;
        inFlight = null;
        deps.onImage(null);
        deps.onLoading(false);
      },
    );
  };

  return {
    request(params, options = {}) {
      if (disposed) return;
      latest += 1;
      const id = latest;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      deps.onLoading(true);
      if (options.immediate) {
        send(params, id);
        return;
      }
      timer = setTimeout(() => {
        timer = null;
        send(params, id);
      }, deps.debounceMs);
    },
    dispose() {
      disposed = true;
      if (timer !== null) clearTimeout(timer);
      inFlight?.abort();
    },
  };
}
