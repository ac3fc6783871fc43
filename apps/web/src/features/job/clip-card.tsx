import CheckRounded from '@mui/icons-material/CheckRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import TimelineRounded from '@mui/icons-material/TimelineRounded';
import UndoRounded from '@mui/icons-material/UndoRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { Clip } from '@roughcut/shared';
import { Link as RouterLink } from 'react-router';
import { exportsApi } from '../../api/exports.api.ts';
import { ExportMenu } from '../../components/export-menu.tsx';
import { ReframePreviewContext, useReframePreview } from '../../components/reframe-preview.ts';
import { TONE_COLORS } from '../../components/status-tone.tsx';
import { timelineEditorPath } from '../../lib/timeline-paths.ts';
import { SegmentPlayer } from '../../playback/segment-player.tsx';
import { clipConfirmationBadge, formatEngagementScore } from './clip.format.ts';

type Props = {
  clip: Clip;
  /** Signed URL of the job's source video. */
  videoUrl: string | undefined;
  busy: boolean;
  onConfirm: (clip: Clip) => void;
  onUnconfirm: (clip: Clip) => void;
  onEdit: (clip: Clip) => void;
};

/** SPEC 2.9: one clip on the job page (reused by the clip confirmation screen). */
export function ClipCard({ clip, videoUrl, busy, onConfirm, onUnconfirm, onEdit }: Props) {
  const badge = clipConfirmationBadge(clip.confirmed);
  const score = formatEngagementScore(clip);
  const colors = TONE_COLORS[badge.tone];
  const framing = useReframePreview(clip);
  return (
    <Card
      component="article"
      aria-label={clip.title}
      data-testid="clip-card"
      sx={{
        p: { xs: 2, sm: 2.5 },
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        height: '100%',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography
            variant="h6"
            component="h3"
            sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}
          >
            {clip.title}{' '}
            {score ? (
              <Typography
                component="span"
                color="text.secondary"
                sx={{ fontWeight: 600 }}
                data-testid="engagement-score"
              >
                {score}
              </Typography>
            ) : null}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {clip.is_long_form ? 'Optimised long form' : 'Short form clip'}
          </Typography>
        </Box>
        <Box
          component="span"
          data-testid="clip-badge"
          sx={{
            px: 1.25,
            py: 0.375,
            borderRadius: 999,
            fontSize: 12.5,
            fontWeight: 700,
            color: colors.fg,
            bgcolor: colors.bg,
            flexShrink: 0,
          }}
        >
          {badge.text}
        </Box>
      </Box>
      <ReframePreviewContext value={framing}>
        <SegmentPlayer
          src={videoUrl}
          title={clip.title}
          window={clip}
          gaps={clip.gaps}
          isLongForm={clip.is_long_form}
          subtitles={clip}
        />
      </ReframePreviewContext>
      <Box
        tabIndex={0}
        aria-label="Description"
        sx={{
          maxHeight: 96,
          overflowY: 'auto',
          p: 1.5,
          borderRadius: 2,
          bgcolor: '#f8fafc',
          border: '1px solid',
          borderColor: 'divider',
        }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
          {clip.description || 'No description.'}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 'auto' }}>
        {clip.confirmed ? (
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<UndoRounded />}
            onClick={() => onUnconfirm(clip)}
            disabled={busy}
          >
            Unconfirm
          </Button>
        ) : (
          <>
            <Button
              variant="contained"
              color="success"
              startIcon={<CheckRounded />}
              onClick={() => onConfirm(clip)}
              disabled={busy}
            >
              Confirm
            </Button>
            <Button
              variant="outlined"
              startIcon={<EditRounded />}
              onClick={() => onEdit(clip)}
              disabled={busy}
            >
              Edit
            </Button>
          </>
        )}
        <ExportMenu
          subject={clip.title}
          variant="text"
          fallbackName={clip.title}
          onExport={(format, request) =>
            exportsApi.clip(
              { jobId: clip.auto_job_id, instanceId: clip.auto_job_instance_id, clipId: clip.id },
              format,
              request,
            )
          }
        />
        {clip.is_long_form ? (
          <Button
            component={RouterLink}
            to={timelineEditorPath(clip.auto_job_id, clip.id)}
            variant="text"
            aria-label="Speech-gap timeline"
            startIcon={<TimelineRounded />}
            sx={{ ml: 'auto', whiteSpace: 'nowrap', px: 1.25 }}
          >
            Timeline
          </Button>
        ) : null}
      </Box>
    </Card>
  );
}
