// Issue 21: which framing a clip's preview shows. The card and the clip screen provide it; the
// players read it, so every player of a short shows the frame as it will render.
import { clipReframe } from '@roughcut/shared';
import type { Clip, ClipReframe } from '@roughcut/shared';
import { createContext, useContext } from 'react';
import { useClipFraming } from '../api/clips.queries.ts';
import { previewFraming } from '../lib/framing-view.rules.ts';
import type { PreviewFraming } from '../lib/framing-view.rules.ts';

/** null: no framing to apply (long form, or a player outside a clip). */
export const ReframePreviewContext = createContext<PreviewFraming | null>(null);

export const useProvidedFraming = (): PreviewFraming | null => useContext(ReframePreviewContext);

/**
 * The preview's framing of a clip: the plan of the framing shown once found (asked again while
 * pending), the centre crop otherwise. `shown`: the clip screen's pick, before its confirm; the
 * server plans a pick as it plans a stored framing, so the preview frames it as it will render.
 */
export function useReframePreview(clip: Clip, shown?: ClipReframe): PreviewFraming | null {
  const view = shown ?? clipReframe(clip);
  const ask = !clip.is_long_form && view !== 'centre';
  const ref = { jobId: clip.auto_job_id, instanceId: clip.auto_job_instance_id, clipId: clip.id };
  const { data } = useClipFraming(ref, view, `${clip.start}:${clip.end}`, ask);
  if (clip.is_long_form) return null;
  return previewFraming({ shown: view, framing: data });
}
