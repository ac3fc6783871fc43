import { JOB_POLL_MS } from '@roughcut/shared';
import type { Clip, ClipDraft } from '@roughcut/shared';
import { useQuery } from '@tanstack/react-query';
import { useAssetUrl, useAssets } from '../../api/assets.queries.ts';
import { useAutojob } from '../../api/autojobs.queries.ts';
import type { InstanceRef } from '../../api/clips.api.ts';
import { clipDraftQuery, clipQuery } from '../../api/clips.queries.ts';
import { findUneditedVideo } from '../../lib/upload-indicator.rules.ts';
import { draftSavesSettled } from './use-draft-sync.ts';
import { clipScreenState } from './clip-confirm.rules.ts';

export type ClipData = {
  ref: InstanceRef | undefined;
  /** The clip, or null while it loads and after any load failed (SPEC 8: reset to empty). */
  clip: Clip | null;
  /** The job, instance or clip could not be loaded. */
  failed: boolean;
  /** The source video's URL once known; undefined while it loads or when it failed. */
  videoUrl: string | undefined;
  videoPending: boolean;
};

/**
 * SPEC 2.10 and 8: the job (for its latest instance), the clip and the source video. The clip is
 * re-fetched every 5 s while it is being processed, so the Loading indicator gives way by itself.
 */
export function useClipData(jobId: string, clipId: string): ClipData {
  const job = useAutojob(jobId);
  const instanceId = job.data?.job_instance?.id;
  const ref = instanceId === undefined ? undefined : { jobId, instanceId };
  const clip = useQuery({
    ...clipQuery({ jobId, instanceId: instanceId ?? '', clipId }),
    enabled: ref !== undefined,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && clipScreenState(data, false) === 'loading' ? JOB_POLL_MS : false;
    },
  });
  const assets = useAssets(jobId, clip.data !== undefined);
  const source = assets.data ? findUneditedVideo(assets.data.assets) : undefined;
  const url = useAssetUrl(jobId, source?.status === 'uploaded' ? source.id : undefined);

  const failed = job.isError || (job.data !== undefined && !ref) || clip.isError;
  return {
    ref,
    clip: failed ? null : (clip.data ?? null),
    failed,
    videoUrl: url.data,
    videoPending: !failed && !assets.isError && !url.isError && url.data === undefined,
  };
}

/**
 * Issue 31: the user's draft of an editable clip, read afresh as a screen opens it (after any save
 * of it still on its way). `pending` while it loads; a draft that cannot be read opens the clip as
 * loaded (the next change saves over it).
 */
export function useClipDraft(
  ref: InstanceRef | undefined,
  clipId: string,
  enabled: boolean,
): { pending: boolean; draft: ClipDraft | null } {
  const query = useQuery({
    ...clipDraftQuery({ jobId: ref?.jobId ?? '', instanceId: ref?.instanceId ?? '', clipId }, () =>
      draftSavesSettled(clipId),
    ),
    enabled: enabled && ref !== undefined,
  });
  const on = enabled && ref !== undefined;
  return { pending: on && query.status === 'pending', draft: query.data?.draft ?? null };
}
