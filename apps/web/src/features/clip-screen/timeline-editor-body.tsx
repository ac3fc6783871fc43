import SaveRounded from '@mui/icons-material/SaveRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Clip, ClipDraft } from '@roughcut/shared';
import { useMemo, useState } from 'react';
import type { InstanceRef } from '../../api/clips.api.ts';
import { useClipWaveform } from '../../api/clips.queries.ts';
import {
  applyDraft,
  changesBeyondGaps,
  draftOfEdits,
  loadedEditsState,
} from './clip-draft.rules.ts';
import { DraftBar, DraftSaveState } from './draft-bar.tsx';
import { GapEditor } from './gap-editor.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import { DELETED_GAPS_HINT, timelineDescription } from './timeline.rules.ts';
import { useConfirmClip } from './use-confirm-clip.ts';
import { useDiscardDraft } from './use-discard-draft.ts';
import { useDraftSync } from './use-draft-sync.ts';
import { fillerCountLabel, fillerCounts } from './gap-editing.rules.ts';
import type { GapEditState } from './gap-editing.rules.ts';
import { cutForConfirm, isClipEditable } from './clip-confirm.rules.ts';

export const SAVE_FAILED_FALLBACK = 'There was an issue saving the cut, please try again';

type Props = {
  clip: Clip;
  instance: InstanceRef;
  videoUrl: string | undefined;
  /** Issue 31: the user's draft of the clip (its gaps are edited here, the rest kept as is). */
  draft?: ClipDraft | null;
  /** After Discard draft: the editor opens the clip again as loaded. */
  onDiscarded?: () => void;
};

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
export function TimelineEditorBody(props: Props) {
  const { clip, instance, videoUrl, draft = null } = props;
  const canEdit = isClipEditable(clip);
  const [opened] = useState(() =>
    canEdit && draft ? applyDraft(clip, draft) : loadedEditsState(clip),
  );
  const [edits, setEdits] = useState(opened);
  const state = edits.gapState;
  const setState = (gapState: GapEditState) => setEdits((current) => ({ ...current, gapState }));
  const drafts = useDraftSync({ instance, clip, opened, state: edits, enabled: canEdit });
  const { confirming: saving, confirm } = useConfirmClip(
    instance,
    clip,
    SAVE_FAILED_FALLBACK,
    drafts,
  );
  const discard = useDiscardDraft(instance, clip.id, drafts, props.onDiscarded);
  const waveform = useClipWaveform({ ...instance, clipId: clip.id });
  const editable = canEdit && !saving;
  const lines = timelineDescription(state, clip.end - clip.start);
  const fillers = fillerCounts(state);
  // NOTE: Save confirms the cut only, and a confirm takes the draft's place: say what it drops.
  const dropsMore = useMemo(
    () => changesBeyondGaps(draftOfEdits(edits, clip), draftOfEdits(loadedEditsState(clip), clip)),
    [edits, clip],
  );

  const save = async () => {
    // NOTE (issue 33): with each gap's kind, so a cut filler stays a filler.
    await confirm({ cut: cutForConfirm(state.gaps) });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {canEdit ? <LeaveGuard saving={drafts} /> : null}
      {canEdit ? (
        <DraftBar
          restored={draft !== null}
          status={drafts.status}
          discarding={discard.discarding}
          onDiscard={() => void discard.discard()}
          onRetry={drafts.retryNow}
        />
      ) : null}
      {canEdit ? (
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
            {dropsMore
              ? ' Your draft’s other changes from the clip screen (phrases, style, framing) are dropped.'
              : null}
          </Typography>
          <Box sx={{ ml: 'auto' }}>
            <DraftSaveState status={drafts.status} />
          </Box>
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
            {/* NOTE (issue 33): the first line is the clip screen's footer line, from one rule. */}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 650 }}>
                {lines[0]}
              </Typography>
              <Typography variant="caption" color="text.secondary" data-testid="deleted-gaps-hint">
                {DELETED_GAPS_HINT}
              </Typography>
            </Box>
            {lines.slice(1).map((line) => (
              <Typography key={line} variant="body2">
                {line}
              </Typography>
            ))}
            {fillers.found > 0 ? (
              <Typography variant="body2">{fillerCountLabel(fillers)}</Typography>
            ) : null}
          </Paper>
        }
      />
    </Box>
  );
}
