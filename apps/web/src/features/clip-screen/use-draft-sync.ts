import type { Clip } from '@roughcut/shared';
import { useEffect, useState } from 'react';
import { clipsApi } from '../../api/clips.api.ts';
import type { InstanceRef } from '../../api/clips.api.ts';
import { draftContentKey, draftOfEdits, loadedEditsState } from './clip-draft.rules.ts';
import type { ClipEditsState } from './clip-draft.rules.ts';
import { createDraftSync } from './draft-sync.ts';
import type { DraftSync, DraftSyncStatus } from './draft-sync.ts';
import { describeSaveError, isDraftRefusal } from './draft-status.ts';

/** Saves on their way, by clip: a screen opened again reads its draft only once they are in. */
const savesOnTheirWay = new Map<string, Pick<DraftSync<unknown>, 'settled'>>();

/** Resolves once no save of the clip's draft is on its way. */
export const draftSavesSettled = (clipId: string): Promise<void> =>
  savesOnTheirWay.get(clipId)?.settled() ?? Promise.resolve();

export type DraftSaving = Pick<
  DraftSync<ClipEditsState>,
  'flush' | 'isUnsaved' | 'retryNow' | 'stop' | 'resume' | 'settled'
> & { status: DraftSyncStatus };

type Options = {
  instance: InstanceRef;
  clip: Clip;
  /** The edits the screen opened with: the restored draft, or the clip as loaded. */
  opened: ClipEditsState;
  /** The edits now. */
  state: ClipEditsState;
  /** The clip can be edited; else nothing is saved. */
  enabled: boolean;
};

/**
 * Issue 31: the screen's edits kept as the user's draft on the server, within 2 s of a change.
 * Leaving the screen sends what is left (flush on leave); the page going away sends it as a
 * keepalive request; closing the tab with a change not saved asks first (`beforeunload`).
 */
export function useDraftSync({ instance, clip, opened, state, enabled }: Options): DraftSaving {
  const [status, setStatus] = useState<DraftSyncStatus>({ kind: 'idle' });
  const [sync] = useState(() => {
    const loadedKey = draftContentKey(draftOfEdits(loadedEditsState(clip), clip));
    return createDraftSync<ClipEditsState>({
      initial: opened,
      snapshot: (edits) => {
        const draft = draftOfEdits(edits, clip);
        const key = draftContentKey(draft);
        return { key, draft: key === loadedKey ? null : draft };
      },
      savedKey: draftContentKey(draftOfEdits(opened, clip)),
      save: (draft, keepalive) => clipsApi.saveDraft(instance, clip.id, draft, keepalive),
      remove: (keepalive) => clipsApi.deleteDraft(instance, clip.id, keepalive),
      onStatus: setStatus,
      isRefusal: isDraftRefusal,
      describe: describeSaveError,
    });
  });

  useEffect(() => {
    sync.changed(state);
  }, [state, sync]);

  useEffect(() => {
    if (!enabled) {
      sync.stop();
      return;
    }
    sync.resume();
    savesOnTheirWay.set(clip.id, sync);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!sync.isUnsaved()) return;
      event.preventDefault();
      // NOTE: older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void sync.flush();
    };
    const onPageHide = () => sync.beacon();
    const onOnline = () => sync.retryNow();
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onHidden);
      // NOTE: flush on leave: the screen is going (a link, Back); the last change goes now.
      void sync.flush().finally(() => {
        if (savesOnTheirWay.get(clip.id) === sync) savesOnTheirWay.delete(clip.id);
      });
    };
  }, [enabled, sync, clip.id]);

  return {
    status,
    flush: sync.flush,
    isUnsaved: sync.isUnsaved,
    retryNow: sync.retryNow,
    stop: sync.stop,
    resume: sync.resume,
    settled: sync.settled,
  };
}
