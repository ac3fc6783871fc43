import type { Clip } from '@roughcut/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../api/api-error.ts';
import { assetsApi } from '../../api/assets.api.ts';
import { autojobsApi } from '../../api/autojobs.api.ts';
import { sendVideo } from '../../api/upload-sessions.ts';
import { DEFAULT_CLIP_CONFIRM, clipsApi } from '../../api/clips.api.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { showAlert } from '../../lib/show-alert.ts';
import type { TopBarCommand } from './job-top-bar.tsx';

const FALLBACK: Record<TopBarCommand | 'upload' | 'clip', string> = {
  continue: 'There was an issue continuing your edit, please try again',
  'confirm-all': 'There was an issue confirming your clips, please try again',
  'unconfirm-all': 'There was an issue unconfirming your clips, please try again',
  start: 'There was an issue starting your edit, please try again',
  cancel: 'There was an issue cancelling your edit, please try again',
  'delete-video': 'There was an issue deleting your video, please try again',
  upload: 'There was an issue uploading your video, please try again',
  clip: 'There was an issue updating your clip, please try again',
};

/** The job page's commands: each posts, then reloads what it changed; failures alert the err. */
export function useJobCommands(jobId: string, instanceId: string | undefined) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TopBarCommand | 'upload' | null>(null);

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.autojob(jobId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.assets(jobId) }),
      queryClient.invalidateQueries({ queryKey: ['manage', 'autojob', jobId, 'instance'] }),
      queryClient.invalidateQueries({ queryKey: queryKeys.autojobs }),
    ]);
  };

  const perform = async (command: TopBarCommand): Promise<unknown> => {
    const ref = instanceId === undefined ? null : { jobId, instanceId };
    switch (command) {
      case 'continue':
        return ref && clipsApi.continueInstance(ref);
      case 'confirm-all':
        return ref && clipsApi.confirmAll(ref);
      case 'unconfirm-all':
        return ref && clipsApi.unconfirmAll(ref);
      case 'start':
        return autojobsApi.start(jobId);
      case 'cancel':
        return autojobsApi.cancel(jobId);
      case 'delete-video':
        return assetsApi.deleteAll(jobId);
    }
  };

  const run = async (command: TopBarCommand) => {
    if (pending !== null) return;
    setPending(command);
    try {
      await perform(command);
    } catch (error) {
      showAlert(describeError(error, FALLBACK[command]));
    } finally {
      await refresh();
      setPending(null);
    }
  };

  const clip = async (target: Clip, action: 'confirm' | 'unconfirm') => {
    if (instanceId === undefined) return;
    const ref = { jobId, instanceId };
    try {
      if (action === 'confirm') await clipsApi.confirm(ref, target.id, DEFAULT_CLIP_CONFIRM);
      else await clipsApi.unconfirm(ref, target.id);
    } catch (error) {
      showAlert(describeError(error, FALLBACK.clip));
    }
    await queryClient.invalidateQueries({ queryKey: queryKeys.clips(jobId, instanceId) });
  };

  /** Sends a new video, or goes on with the paused upload of the same file (`resumeUrl`). */
  const upload = async (file: File, resume?: { url: string; fingerprint: string }) => {
    if (pending !== null) return;
    setPending('upload');
    // The server creates the asset as the upload starts: look for it soon, then poll it.
    const peek = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.assets(jobId) }),
      1000,
    );
    try {
      await sendVideo(
        jobId,
        file,
        resume && { resumeUrl: resume.url, fingerprint: resume.fingerprint },
      );
    } catch (error) {
      showAlert(describeError(error, FALLBACK.upload));
    } finally {
      window.clearTimeout(peek);
      await refresh();
      setPending(null);
    }
  };

  return { run, clip, upload, pending };
}
