import { useEffect, useMemo, useRef, useState } from 'react';
import { templatesApi } from '../../api/templates.api.ts';
import type { ExampleImageParams } from '../../api/templates.api.ts';
import { createExampleImageLoader } from './example-image-loader.ts';

/** Quiet time after typing or dragging before the server draws the example again. */
export const EXAMPLE_DEBOUNCE_MS = 300;

type Options = {
  params: ExampleImageParams;
  /** False until the settings to show are known (the template list has loaded). */
  enabled: boolean;
  /** A change of this key (template chosen, orientation) is drawn at once, without the pause. */
  immediateKey: string;
};

/**
 * SPEC 4.5 "Any setting change re-renders the example image": the server's PNG as an object URL
 * and whether a newer one is on its way.
 */
export function useExampleImage({ params, enabled, immediateKey }: Options) {
  const [image, setImage] = useState<Blob | null>(null);
  const [loading, setLoading] = useState(false);
  const [loader] = useState(() =>
    createExampleImageLoader<ExampleImageParams>({
      debounceMs: EXAMPLE_DEBOUNCE_MS,
      fetchImage: (p, signal) => templatesApi.drawExample(p, signal),
      onImage: setImage,
      onLoading: setLoading,
    }),
  );
  useEffect(() => () => loader.dispose(), [loader]);

  const lastKey = useRef<string | null>(null);
  const serialised = JSON.stringify(params);
  useEffect(() => {
    if (!enabled) return;
    const immediate = lastKey.current !== immediateKey;
    lastKey.current = immediateKey;
    loader.request(JSON.parse(serialised) as ExampleImageParams, { immediate });
  }, [enabled, serialised, immediateKey, loader]);

  const url = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return { url, loading: loading || !enabled };
}
