import { appPaths, confirmClipRequestSchemaFor } from '@roughcut/shared';
import type { ClipWindow, ConfirmClipRequest } from '@roughcut/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../api/api-error.ts';
import { clipsApi } from '../../api/clips.api.ts';
import type { InstanceRef } from '../../api/clips.api.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { showAlert } from '../../lib/show-alert.ts';
import type { DraftSaving } from './use-draft-sync.ts';

/**
 * Submit on the clip screen and Save on the timeline editor: checks the body against the clip's
 * window with the shared schema (the one check on this side: a bad body alerts its message,
 * unsent), confirms the clip, and on success refreshes the job's clips and returns to the job
 * page; a refused confirm alerts why (else `failedFallback`) and keeps the user's edits on screen.
 * The draft's saving (issue 31) pauses while the confirm is sent (the confirm takes the draft's
 * place, and leaving after it asks nothing) and picks up again when it is refused.
 */
export function useConfirmClip(
  instance: InstanceRef,
  clip: ClipWindow & { id: string },
  failedFallback: string,
  draft?: Pick<DraftSaving, 'stop' | 'resume'>,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);

  const confirm = async (request: ConfirmClipRequest): Promise<void> => {
    const checked = confirmClipRequestSchemaFor(clip).safeParse(request);
    if (!checked.success) {
      showAlert(checked.error.issues[0]?.message ?? failedFallback);
      return;
    }
    setConfirming(true);
    draft?.stop();
    try {
      await clipsApi.confirm(instance, clip.id, checked.data);
    } catch (error) {
      setConfirming(false);
      draft?.resume();
      showAlert(describeError(error, failedFallback));
      return;
    }
    await queryClient.invalidateQueries({
      queryKey: queryKeys.clips(instance.jobId, instance.instanceId),
    });
    await navigate(appPaths.job(instance.jobId));
  };

  return { confirming, confirm };
}
