import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { appPaths } from '@roughcut/shared';
import type { Clip } from '@roughcut/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { exportsApi } from '../../api/exports.api.ts';
import { ExportMenu } from '../../components/export-menu.tsx';
import { ClipEditor } from './clip-editor.tsx';
import { ClipSidebar } from './clip-sidebar.tsx';
import { ClipFailed, ClipLoading, ClipUnavailable } from './clip-states.tsx';
import { useClipData, useClipDraft } from './use-clip-data.ts';
import { clipScreenState } from './clip-confirm.rules.ts';

/**
 * NOTE: compact on a phone (a two-line title, no hint line) so the video and its controls fit on
 * the first screen under the top bar and the clip actions.
 */
function ClipHeader({ jobId, clip }: { jobId: string; clip: Clip | null }) {
  const title = clip?.title ?? 'Clip';
  return (
    <Box sx={{ mb: { xs: 1.5, sm: 3 }, mt: { xs: -1.5, sm: 0 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: { xs: 0.5, sm: 1 } }}>
        <Button
          component={RouterLink}
          to={appPaths.job(jobId)}
          startIcon={<ArrowBackRounded />}
          size="small"
          sx={{ ml: -1, mr: 'auto' }}
        >
          Video edit
        </Button>
        {clip ? (
          // NOTE: the export is of the clip as last confirmed, not of unsaved changes on screen.
          <ExportMenu
            subject={clip.title}
            size="small"
            variant="text"
            fallbackName={clip.title}
            onExport={(format, request) =>
              exportsApi.clip(
                { jobId, instanceId: clip.auto_job_instance_id, clipId: clip.id },
                format,
                request,
              )
            }
          />
        ) : null}
      </Box>
      <Typography
        variant="h4"
        component="h1"
        title={title}
        sx={{
          overflowWrap: 'anywhere',
          fontSize: { xs: '1.25rem', sm: '2.125rem' },
          display: { xs: '-webkit-box', sm: 'block' },
          WebkitLineClamp: { xs: 2, sm: 'none' },
          WebkitBoxOrient: 'vertical',
          overflow: { xs: 'hidden', sm: 'visible' },
        }}
      >
        {title}
      </Typography>
      <Typography variant="subtitle1" sx={{ mt: 0.5, display: { xs: 'none', sm: 'block' } }}>
        {clip?.is_long_form ? 'Long form' : 'Short clip'} · fine-tune the speech gaps and subtitles,
        then confirm
      </Typography>
    </Box>
  );
}

/** SPEC 2.10: the clip confirmation screen. */
export function ClipScreenPage({ jobId, clipId }: { jobId: string; clipId: string }) {
  const data = useClipData(jobId, clipId);
  const jobPath = appPaths.job(jobId);
  const state = data.clip ? clipScreenState(data.clip, false) : 'loading';
  const draft = useClipDraft(data.ref, clipId, state === 'editor');
  // NOTE: Discard draft opens the clip again as loaded: a new editor, from no draft.
  const [opening, setOpening] = useState(0);
  if (data.failed) {
    return (
      <>
        <ClipHeader jobId={jobId} clip={null} />
        <ClipUnavailable jobPath={jobPath} />
      </>
    );
  }
  const { clip, ref } = data;
  // NOTE: an editable clip opens once its draft is known, so the edits start where the user left.
  if (!clip || !ref || (state === 'editor' && draft.pending)) {
    return (
      <>
        <ClipHeader jobId={jobId} clip={clip} />
        <Box sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', md: 'row' } }}>
          <ClipSidebar
            selectedStep="speech-gaps"
            confirmedSteps={[]}
            onSelect={() => undefined}
            segments={null}
          />
          <Box sx={{ flex: 1 }}>
            <ClipLoading />
          </Box>
        </Box>
      </>
    );
  }
  return (
    <>
      <ClipHeader jobId={jobId} clip={clip} />
      {state === 'failed' ? <ClipFailed reason={clip.failure_reason} /> : null}
      {state === 'loading' ? <ClipLoading /> : null}
      {state === 'editor' || state === 'view' ? (
        <ClipEditor
          key={`${clip.id}:${opening}`}
          clip={clip}
          draft={draft.draft}
          onDiscarded={() => setOpening((n) => n + 1)}
          instance={ref}
          editable={state === 'editor'}
          videoUrl={data.videoUrl}
          videoPending={data.videoPending}
        />
      ) : null}
    </>
  );
}
