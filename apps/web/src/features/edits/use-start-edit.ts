import { TRIAL_EXHAUSTED_MESSAGE, appPaths } from '@roughcut/shared';
import { isTrialExhausted, validateCreateEdit } from '../../lib/create-edit.rules.ts';
import type { ClipReframe, EditOptions } from '@roughcut/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccount } from '../../api/account.queries.ts';
import { describeError, isClientError } from '../../api/api-error.ts';
import { autojobsApi } from '../../api/autojobs.api.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { retryWhileUnreachable } from '../../api/retry-while-unreachable.ts';
import { sendVideo } from '../../api/upload-sessions.ts';
import { notMp4Reason } from '../../lib/file-fingerprint.ts';
import { showAlert } from '../../lib/show-alert.ts';
import type { UploadProgress } from '../../lib/upload-progress.rules.ts';
import { DEFAULT_STYLE } from './configure-section.tsx';
import { runCreateFlow } from './create-flow.ts';
import type { CreateFlowStage } from './create-flow.ts';

/** The create panel's form as it stands when Start is pressed. */
export type CreateEditDraft = {
  name: string;
  file: File | null;
  options: EditOptions;
  language: string;
  maxWords: number;
  removeFillers: boolean;
  reframe: ClipReframe;
  /** A saved template's id, or DEFAULT_STYLE. */
  templateId: string;
};

/**
 * SPEC 4.2: the create panel's Start. Checks the form, the trial and the file's bytes, then runs
 * the create flow and opens the job page, or alerts the err and reloads the page.
 */
export function useStartEdit() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useAccount();
  const [starting, setStarting] = useState(false);
  const [stage, setStage] = useState<CreateFlowStage | null>(null);
  const [progress, setProgress] = useState<UploadProgress>({ loaded: 0, total: 0 });

  const start = async (draft: CreateEditDraft) => {
    if (starting) return;
    const { name, file, options } = draft;
    const problem = validateCreateEdit({ name, file, options });
    if (problem !== null || file === null) {
      showAlert(problem ?? 'Please upload a video file first');
      return;
    }
    if (account.data && isTrialExhausted(account.data)) {
      showAlert(TRIAL_EXHAUSTED_MESSAGE);
      return;
    }
    // NOTE: the file's own bytes decide, before anything is made: a name ending in .mp4 says
    // nothing of what a file is.
    const notVideo = await notMp4Reason(file);
    if (notVideo !== undefined) {
      showAlert(notVideo);
      return;
    }
    setStarting(true);
    const result = await runCreateFlow(
      {
        name,
        file,
        options,
        language: draft.language,
        maxWordsInPhrase: draft.maxWords,
        removeFillers: draft.removeFillers,
        reframe: draft.reframe,
        templateId: draft.templateId === DEFAULT_STYLE ? null : draft.templateId,
      },
      {
        create: autojobsApi.create,
        update: autojobsApi.update,
        upload: (id, video, onProgress) =>
          sendVideo(id, video, { startWhenDone: true, onProgress }),
        // NOTE: the video is all there by now: a server restarting is waited for, not an error.
        start: (id) =>
          retryWhileUnreachable(async () => {
            const job = await autojobsApi.get(id);
            if (job.status === 'created') await autojobsApi.start(id);
          }),
        remove: autojobsApi.remove,
        isRefusal: isClientError,
      },
      { onStage: setStage, onProgress: setProgress },
    );
    await queryClient.invalidateQueries({ queryKey: queryKeys.autojobs });
    if (result.ok) {
      await navigate(appPaths.job(result.jobId));
      return;
    }
    // SPEC 4.2 and 8: alert the err, reload the page and clear the Start spinner.
    showAlert(
      describeError(result.error, 'There was an issue creating your edit, please try again'),
    );
    setStarting(false);
    setStage(null);
    window.location.reload();
  };

  return { starting, stage, progress, start };
}
