import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { UPLOADING_LABEL, formatTimeLeft, runProgressView } from '@roughcut/shared';
import type { AutoJob } from '@roughcut/shared';
import { isSending, useUploadSession } from '../../api/upload-sessions.ts';
import type { UploadSession } from '../../api/upload-sessions.ts';
import { StatusPill } from '../../components/status-tone.tsx';
import { secondsLeft, uploadProgressPercent } from '../../lib/upload-progress.rules.ts';
import { listStatusLabel } from '../../lib/status-labels.rules.ts';

/** Whole percent of a run's progress fraction, when it reports one. */
const percentOf = (progress: number | undefined): number | null =>
  progress !== undefined && Number.isFinite(progress)
    ? Math.floor(Math.min(1, Math.max(0, progress)) * 100)
    : null;

const joined = (parts: readonly (string | null)[]): string =>
  parts.filter((part): part is string => !!part).join(' · ');

/** "Transcribing · 42% · about 3 min left" while the run processes, or null. */
function runLine(job: AutoJob): string | null {
  const run = job.job_instance;
  const view = run?.status === 'processing' ? runProgressView(run) : null;
  if (!view || !run) return null;
  const percent = percentOf(run.progress);
  return joined([view.stage, percent === null ? null : `${percent}%`, view.timeLeft]);
}

/** "Uploading · 42% · about 1 min left" while this tab sends the edit's video. */
function uploadLine(session: UploadSession | undefined): string | null {
  if (!session || !isSending(session)) return null;
  const left = secondsLeft(session);
  return joined([
    UPLOADING_LABEL,
    `${uploadProgressPercent(session)}%`,
    left === null ? null : formatTimeLeft(left),
  ]);
}

/**
 * SPEC 2.6's Status label, and under it (issue 33) what is happening: the stage, progress and
 * time left of a processing run, or of the video this tab is uploading.
 */
export function EditStatus({ job }: { job: AutoJob }) {
  const line = uploadLine(useUploadSession(job.id)) ?? runLine(job);
  return (
    <Box sx={{ display: 'grid', justifyItems: 'start', gap: 0.5 }}>
      <StatusPill label={listStatusLabel(job)} />
      {line ? (
        <Typography
          variant="caption"
          color="text.secondary"
          data-testid="edit-stage"
          sx={{ fontVariantNumeric: 'tabular-nums', lineHeight: 1.35 }}
        >
          {line}
        </Typography>
      ) : null}
    </Box>
  );
}
