import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { appPaths } from '@roughcut/shared';
import type { Clip } from '@roughcut/shared';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { ClipFailed, ClipUnavailable } from './clip-states.tsx';
import { useClipData, useClipDraft } from './use-clip-data.ts';
import { TimelineEditorBody } from './timeline-editor-body.tsx';
import { isClipEditable } from './clip-confirm.rules.ts';

function EditorHeader({ jobId, clip }: { jobId: string; clip: Clip | null }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Button
        component={RouterLink}
        to={appPaths.job(jobId)}
        startIcon={<ArrowBackRounded />}
        size="small"
        sx={{ mb: 1, ml: -1 }}
      >
        Video edit
      </Button>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        Speech-gap timeline
      </Typography>
      <Typography variant="subtitle1" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {clip ? `${clip.title} · ${clip.is_long_form ? 'Long form' : 'Short clip'}` : 'Loading...'}
      </Typography>
    </Box>
  );
}

/** SPEC 2.12: the standalone speech-gap timeline editor of one clip. */
export function TimelineEditorPage({ jobId, clipId }: { jobId: string; clipId: string }) {
  const data = useClipData(jobId, clipId);
  const { clip, ref } = data;
  const draft = useClipDraft(ref, clipId, clip !== null && isClipEditable(clip));
  // NOTE: Discard draft opens the clip again as loaded: a new editor, from no draft.
  const [opening, setOpening] = useState(0);
  let body: ReactNode;
  if (data.failed) body = <ClipUnavailable jobPath={appPaths.job(jobId)} />;
  else if (!clip || !ref || draft.pending) body = <CenteredSpinner label="Loading..." />;
  else if (clip.status === 'failed') body = <ClipFailed reason={clip.failure_reason} />;
  else
    body = (
      <TimelineEditorBody
        key={`${clip.id}:${opening}`}
        clip={clip}
        instance={ref}
        videoUrl={data.videoUrl}
        draft={draft.draft}
        onDiscarded={() => setOpening((n) => n + 1)}
      />
    );
  return (
    <>
      <EditorHeader jobId={jobId} clip={clip} />
      {body}
    </>
  );
}
