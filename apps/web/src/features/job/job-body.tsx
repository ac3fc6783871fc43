import HourglassEmptyRounded from '@mui/icons-material/HourglassEmptyRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Asset, AutoJob, Clip } from '@roughcut/shared';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { ClipsReview } from './clips-review.tsx';
import { FinishedVideos } from './finished-videos.tsx';
import { RunProgressPanel } from './run-progress-panel.tsx';
import { JOB_FAILED_HEADING, jobPageBody } from '../../lib/status-labels.rules.ts';

type Props = {
  job: AutoJob;
  uneditedVideo: Asset | undefined;
  /** The video's upload stopped before its end and waits for its file to be chosen again. */
  uploadPaused?: boolean;
  editedVideos: readonly Asset[] | undefined;
  clips: readonly Clip[] | undefined;
  sourceUrl: string | undefined;
  busyClipId: string | null;
  onConfirm: (clip: Clip) => void;
  onUnconfirm: (clip: Clip) => void;
  onEdit: (clip: Clip) => void;
};

const notStartedText = (video: Asset | undefined, paused: boolean): string => {
  if (!video) return 'Upload a talking .mp4 video, then press Start.';
  switch (video.status) {
    case 'uploading':
      return paused
        ? `The upload of ${video.name} stopped before its end. Choose the same file above to go on from where it stopped.`
        : `${video.name} is uploading. Press Start once it has arrived.`;
    case 'failed':
      return `${video.name} cannot be edited${
        video.failure_reason ? `: ${video.failure_reason}` : '.'
      } Upload another .mp4 video, then press Start.`;
    case 'uploaded':
      return `Press Start to edit ${video.name}.`;
  }
};

function NotStarted({ video, paused }: { video: Asset | undefined; paused: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <HourglassEmptyRounded color="primary" />
      <Box>
        <Typography variant="h6" component="h2">
          Ready to start
        </Typography>
        <Typography color="text.secondary">{notStartedText(video, paused)}</Typography>
      </Box>
    </Paper>
  );
}

/** SPEC 2.9: the body for the latest instance's status. */
export function JobBody(props: Props) {
  const { job } = props;
  // NOTE: a job that never ran has no instance; it shows how to begin rather than "Loading...".
  if (job.status === 'created') {
    return <NotStarted video={props.uneditedVideo} paused={props.uploadPaused === true} />;
  }
  const body = jobPageBody(job);
  switch (body) {
    case 'failed':
      return (
        <Alert
          severity="error"
          variant="outlined"
          sx={{ bgcolor: '#fef2f2' }}
          data-testid="job-failed"
        >
          <AlertTitle sx={{ fontWeight: 700 }}>{JOB_FAILED_HEADING}</AlertTitle>
          {job.job_instance?.failure_reason ?? 'Something went wrong while editing your video.'}
        </Alert>
      );
    case 'finished':
      return <FinishedVideos job={job} videos={props.editedVideos} />;
    case 'nothing':
      return null;
    case 'clips':
      return (
        <ClipsReview
          clips={props.clips}
          videoUrl={props.sourceUrl}
          busyClipId={props.busyClipId}
          onConfirm={props.onConfirm}
          onUnconfirm={props.onUnconfirm}
          onEdit={props.onEdit}
        />
      );
    case 'loading':
      // NOTE: while a run processes, what it is doing and the time left beside "Loading..." (issue 33).
      return job.job_instance?.status === 'processing' ? (
        <RunProgressPanel instance={job.job_instance} />
      ) : (
        <CenteredSpinner label="Loading..." />
      );
  }
}
