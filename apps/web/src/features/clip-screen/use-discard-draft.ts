import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../api/api-error.ts';
import { clipsApi } from '../../api/clips.api.ts';
import type { InstanceRef } from '../../api/clips.api.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { DISCARD_FAILED } from './draft-status.ts';
import type { DraftSaving } from './use-draft-sync.ts';

/**
 * Issue 31: Discard draft. The saving stops and any save on its way lands first (so it cannot
 * bring the draft back), then the server's draft goes and `onDiscarded` opens the clip as loaded.
 * A failure alerts and the saving picks up again.
 */
export function useDiscardDraft(
  instance: InstanceRef,
  clipId: string,
  saving: Pick<DraftSaving, 'stop' | 'resume' | 'settled'>,
  onDiscarded?: () => void,
) {
  const queryClient = useQueryClient();
  const [discarding, setDiscarding] = useState(false);
  const discard = async (): Promise<void> => {
    setDiscarding(true);
    saving.stop();
    try {
      await saving.settled();
      await clipsApi.deleteDraft(instance, clipId);
    } catch (error) {
      setDiscarding(false);
      saving.resume();
      showAlert(describeError(error, DISCARD_FAILED));
      return;
    }
    queryClient.setQueryData(queryKeys.clipDraft(instance.jobId, instance.instanceId, clipId), {
      draft: null,
      saved_at: null,
    });
    onDiscarded?.();
  };
  return { discarding, discard };
}
