import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { appPaths, isActiveStatus } from '@roughcut/shared';
import { STEP_LABELS, checkSelectedFiles } from '../../lib/create-edit.rules.ts';
import type { AutoJob, Clip } from '@roughcut/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError, describeError } from '../../api/api-error.ts';
import { useAssetUrl, useAssets } from '../../api/assets.queries.ts';
import { useAutojob } from '../../api/autojobs.queries.ts';
import { useClips } from '../../api/clips.queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { JobBody } from './job-body.tsx';
import { JobTopBar } from './job-top-bar.tsx';
import type { TopBarCommand } from './job-top-bar.tsx';
import { mergeLocalProgress } from './upload-tracker.ts';
import { useJobCommands } from './use-job-commands.ts';
import { useUploadIndicator } from './use-upload-indicator.ts';
import { PausedUploadNotice } from './paused-upload-notice.tsx';
import { usePausedUpload } from './use-paused-upload.ts';
import { useResumeUpload } from './use-resume-upload.ts';
import { isSending, useUploadSession } from '../../api/upload-sessions.ts';
import { uploadDetailOf } from '../../lib/upload-progress.rules.ts';
import { editedVideos, findUneditedVideo } from '../../lib/upload-indicator.rules.ts';
import { clipBulkActions, jobActions } from '../../lib/status-labels.rules.ts';

function JobHeader({ job }: { job: AutoJob }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Button
        component={RouterLink}
        to="/edits"
        startIcon={<ArrowBackRounded />}
        size="small"
        sx={{ mb: 1, ml: -1 }}
      >
        Video edits
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ overflowWrap: 'anywhere', fontSize: { xs: '1.625rem', sm: '2.125rem' } }}
        >
          {job.name}
        </Typography>
        {job.steps.map((step) => (
          <Chip
            key={step.step_type}
            size="small"
            variant="outlined"
            label={STEP_LABELS[step.step_type]}
          />
        ))}
      </Box>
    </Box>
  );
}

/** SPEC 2.9: the job page. */
export function JobPage({ jobId }: { jobId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const jobQuery = useAutojob(jobId);
  const job = jobQuery.data;
  const status = job?.status;
  const instanceId = job?.job_instance?.id;
  const actions = job ? jobActions(job) : null;
  const showClips = actions?.showConfirmButtons === true && instanceId !== undefined;

  const assets = useAssets(jobId, job !== undefined);
  const clips = useClips(showClips ? { jobId, instanceId } : undefined);
  const unedited = assets.data ? findUneditedVideo(assets.data.assets) : undefined;
  const sourceUrl = useAssetUrl(
    jobId,
    showClips && unedited?.status === 'uploaded' ? unedited.id : undefined,
  );
  const commands = useJobCommands(jobId, instanceId);
  const session = useUploadSession(jobId);
  const sendingHere = session !== undefined && isSending(session);
  const indicator = useUploadIndicator(
    mergeLocalProgress(
      unedited,
      sendingHere ? { name: session.fileName, loaded: session.loaded, total: session.total } : null,
    ),
  );
  const paused = usePausedUpload(unedited, sendingHere);
  const resume = useResumeUpload(paused, commands.upload);

  // When the job moves on (finished renders, new uploads), its assets and clips change too.
  useEffect(() => {
    if (status === undefined) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.assets(jobId) });
  }, [status, jobId, queryClient]);

  const [busyClipId, setBusyClipId] = useState<string | null>(null);
  const clipAction = async (clip: Clip, action: 'confirm' | 'unconfirm') => {
    setBusyClipId(clip.id);
    await commands.clip(clip, action);
    setBusyClipId(null);
  };

  if (jobQuery.isPending) return <CenteredSpinner label="Loading..." />;
  if (!job || !actions) {
    const missing = jobQuery.error instanceof ApiError && jobQuery.error.status === 404;
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          {missing ? 'This video edit was not found' : 'This video edit could not be loaded'}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {missing
            ? 'It may have been deleted.'
            : describeError(jobQuery.error, 'Check your connection and reload the page.')}
        </Typography>
        <Button component={RouterLink} to="/edits" variant="contained">
          Back to video edits
        </Button>
      </Box>
    );
  }

  const upload = (files: File[]) => {
    const check = checkSelectedFiles(files);
    if (check.error) return showAlert(check.error);
    if (check.file) void commands.upload(check.file);
  };

  return (
    <>
      <JobHeader job={job} />
      {paused ? (
        <PausedUploadNotice
          paused={paused}
          busy={commands.pending !== null}
          onChoose={(file) => void resume(file)}
        />
      ) : null}
      <JobTopBar
        actions={actions}
        bulk={clipBulkActions(clips.data ?? [])}
        canUpload={!isActiveStatus(job.status)}
        instance={job.job_instance}
        upload={
          paused && indicator
            ? { ...indicator, text: `Upload of ${paused.name} paused` }
            : indicator
        }
        uploadDetail={sendingHere ? uploadDetailOf(session) : null}
        pending={commands.pending}
        onCommand={(command: TopBarCommand) => void commands.run(command)}
        onUpload={upload}
      />
      <JobBody
        job={job}
        uneditedVideo={unedited}
        uploadPaused={paused !== null}
        editedVideos={assets.data ? editedVideos(assets.data.assets) : undefined}
        clips={clips.data}
        sourceUrl={sourceUrl.data}
        busyClipId={busyClipId}
        onConfirm={(clip) => void clipAction(clip, 'confirm')}
        onUnconfirm={(clip) => void clipAction(clip, 'unconfirm')}
        onEdit={(clip) => void navigate(appPaths.clip(job.id, clip.id))}
      />
    </>
  );
}
