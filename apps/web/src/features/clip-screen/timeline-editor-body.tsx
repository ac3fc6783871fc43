import SaveRounded from '@mui/icons-material/SaveRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { isClipEditable } from '@roughcut/shared';
import type { Clip, GapEditState } from '@roughcut/shared';
import { useState } from 'react';
import type { InstanceRef } from '../../api/clips.api.ts';
import { useClipWaveform } from '../../api/clips.queries.ts';
import { GapEditor } from './gap-editor.tsx';
import { initialGapEditState, timelineDescription } from './timeline.rules.ts';
import { useConfirmClip } from './use-confirm-clip.ts';

export const SAVE_FAILED_FALLBACK = 'There was an issue saving the cut, please try again';

type Props = { clip: Clip; instance: InstanceRef; videoUrl: string | undefined };

/** Why the gaps are read-only, in words a user can act on. */
export function readOnlyReason(clip: Clip): string {
  if (clip.confirmed) {
    return 'This clip is confirmed, so its gaps are shown read-only. Unconfirm it on the job page to edit them.';
  }
  if (clip.status === 'finished')
    return 'This clip is finished: its gaps are shown as they were cut.';
  return 'Gaps can be edited only while the clip awaits confirmation and is not confirmed.';
}

/**
 * The editor with its description (gap count, total gap time, video length, percentage deleted)
 * and Save, which confirms the clip with this cut (`{cut}`) and returns to the job page.
 */
export function TimelineEditorBody({ clip, instance, videoUrl }: Props) {
  const [state, setState] = useState<GapEditState>(() =>
    initialGapEditState(clip.gaps, clip.detected_gaps),
  );
  const { confirming: saving, confirm } = useConfirmClip(instance, clip, SAVE_FAILED_FALLBACK);
  const waveform = useClipWaveform({ ...instance, clipId: clip.id });
  const editable = isClipEditable(clip) && !saving;
  const lines = timelineDescription(state.gaps, clip.end - clip.start);

  const save = async () => {
    await confirm({ cut: state.gaps.map(({ id, start, end }) => ({ id, start, end })) });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {isClipEditable(clip) ? (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1.5,
          }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 560 }}>
            Saving confirms this clip with the gaps below cut out; its subtitles stay as they are.
          </Typography>
          <Button
            variant="contained"
            startIcon={<SaveRounded />}
            onClick={() => void save()}
            disabled={saving}
          >
            {saving ? 'Saving...' : 'Save and Confirm'}
          </Button>
        </Box>
      ) : (
        <Alert severity="info" variant="outlined" data-testid="timeline-read-only">
          {readOnlyReason(clip)}
        </Alert>
      )}
      <GapEditor
        clip={clip}
        videoUrl={videoUrl}
        waveform={waveform.data}
        editable={editable}
        state={state}
        onChange={setState}
        playerHeight={clip.is_long_form ? 400 : 460}
        footer={
          <Paper
            variant="outlined"
            data-testid="timeline-description"
            sx={{ p: 2, bgcolor: '#f8fafc', borderRadius: 3 }}
          >
            {lines.map((line) => (
              <Typography
                key={line}
                variant="body2"
                sx={{ '&:first-of-type': { fontWeight: 650 } }}
              >
                {line}
              </Typography>
            ))}
          </Paper>
        }
      />
    </Box>
  );
}
