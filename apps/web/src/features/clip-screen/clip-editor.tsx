import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { appPaths, clipReframe } from '@roughcut/shared';
import type { Clip, ClipDraft } from '@roughcut/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { InstanceRef } from '../../api/clips.api.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { ReframeToggle } from '../../components/reframe-toggle.tsx';
import { ReframePreviewContext, useReframePreview } from '../../components/reframe-preview.ts';
import { SpeechGapsStep } from './speech-gaps-step.tsx';
import { ClipSteps, EditDetails } from './clip-sidebar.tsx';
import { ClipLoading } from './clip-states.tsx';
import { ClipTopBar } from './clip-top-bar.tsx';
import { previewCut } from './preview-cut.ts';
import { SubtitlesStep } from './subtitles-step.tsx';
import { applyDraft, loadedEditsState } from './clip-draft.rules.ts';
import { DraftBar, DraftSaveState } from './draft-bar.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import { useClipEdits } from './use-clip-edits.ts';
import { useConfirmClip } from './use-confirm-clip.ts';
import { useDiscardDraft } from './use-discard-draft.ts';
import { useDraftSync } from './use-draft-sync.ts';
import { buildClipConfirmPayload } from './clip-confirm.rules.ts';

export const CONFIRM_FAILED_FALLBACK = 'There was an issue confirming this clip, please try again';

type Props = {
  clip: Clip;
  instance: InstanceRef;
  /** Awaiting confirmation and not confirmed: the top bar shows and every step can be changed. */
  editable: boolean;
  videoUrl: string | undefined;
  videoPending: boolean;
  /** Issue 31: the user's draft of the clip, restored over the clip as loaded. */
  draft?: ClipDraft | null;
  /** After Discard draft: the screen opens the clip again as loaded. */
  onDiscarded?: () => void;
};

/** SPEC 2.10 and 4.4: the top bar, the step list and the selected step, and Submit. */
export function ClipEditor(props: Props) {
  const { clip, instance, editable, videoUrl, videoPending, draft = null } = props;
  const navigate = useNavigate();
  const [opened] = useState(() =>
    editable && draft ? applyDraft(clip, draft) : loadedEditsState(clip),
  );
  const edits = useClipEdits(opened);
  const saving = useDraftSync({ instance, clip, opened, state: edits.state, enabled: editable });
  const { confirming, confirm } = useConfirmClip(instance, clip, CONFIRM_FAILED_FALLBACK, saving);
  const discard = useDiscardDraft(instance, clip.id, saving, props.onDiscarded);
  const jobPath = appPaths.job(instance.jobId);
  const reframe = edits.reframe;
  const framing = useReframePreview(clip, reframe);

  const submit = async () => {
    const result = buildClipConfirmPayload({
      confirmedSteps: edits.confirmedSteps,
      gaps: edits.gapState.gaps,
      drawSettings: edits.drawSettings,
      phrases: edits.phrases,
    });
    if (!result.ok) {
      showAlert(result.error);
      return;
    }
    // NOTE: sent only when changed: a confirm without it keeps the stored framing.
    const changed = !clip.is_long_form && reframe !== clipReframe(clip);
    await confirm(changed ? { ...result.payload, reframe } : result.payload);
  };

  return (
    <ReframePreviewContext value={framing}>
      <Box sx={{ display: 'grid', gap: { xs: 1.5, sm: 3 } }}>
        {editable ? <LeaveGuard saving={saving} /> : null}
        {editable ? (
          <ClipTopBar
            selectedStep={edits.selectedStep}
            confirmedSteps={edits.confirmedSteps}
            disabled={confirming}
            confirming={confirming}
            onSubmit={() => void submit()}
            onToggleStep={edits.toggleSelectedStep}
            onConfirmAll={edits.confirmAll}
            onBack={() => void navigate(jobPath)}
            saveState={<DraftSaveState status={saving.status} />}
          />
        ) : null}
        {editable ? (
          <DraftBar
            restored={draft !== null}
            status={saving.status}
            discarding={discard.discarding}
            onDiscard={() => void discard.discard()}
            onRetry={saving.retryNow}
          />
        ) : null}
        {/* NOTE: on a phone the steps sit side by side above the selected step, and the Edit
          Details box comes after it, so the video and its controls are on the first screen. */}
        <Box
          sx={{
            display: 'grid',
            columnGap: 3,
            rowGap: { xs: 1.5, sm: 2 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' },
            gridTemplateAreas: {
              xs: '"steps" "step" "details"',
              md: '"steps step" "details step"',
            },
            gridTemplateRows: { md: 'auto 1fr' },
            alignItems: 'start',
          }}
        >
          <Box component="aside" aria-label="Clip edit steps" sx={{ gridArea: 'steps' }}>
            <ClipSteps
              selectedStep={edits.selectedStep}
              confirmedSteps={edits.confirmedSteps}
              onSelect={edits.selectStep}
            />
          </Box>
          <Box sx={{ gridArea: 'details', display: 'grid', gap: 2 }}>
            {clip.is_long_form ? null : (
              <Paper variant="outlined" sx={{ p: 2 }}>
                <ReframeToggle
                  label="Vertical framing"
                  value={reframe}
                  onChange={edits.setReframe}
                  disabled={!editable || confirming}
                />
              </Paper>
            )}
            <EditDetails segments={clip.segments} />
          </Box>
          <Box
            component="section"
            aria-label="Selected step"
            sx={{ gridArea: 'step', minWidth: 0 }}
          >
            {confirming ? <ClipLoading /> : null}
            {/* NOTE: hidden, not unmounted, while confirming: a failed confirm keeps every edit. */}
            <Box sx={{ display: confirming ? 'none' : 'block' }}>
              {edits.selectedStep === 'speech-gaps' ? (
                <SpeechGapsStep
                  clip={clip}
                  videoUrl={videoUrl}
                  editable={editable}
                  state={edits.gapState}
                  onChange={edits.setGapState}
                />
              ) : (
                <SubtitlesStep
                  clip={clip}
                  videoUrl={videoUrl}
                  videoPending={videoPending}
                  editable={editable}
                  cut={previewCut(edits.confirmedSteps, edits.gapState.gaps, clip.gaps)}
                  phrases={edits.phrases}
                  tolerance={edits.tolerance}
                  drawSettings={edits.drawSettings}
                  phraseActions={edits.phraseActions}
                  onTolerance={edits.setTolerance}
                  onDrawSettings={edits.setDrawSettings}
                />
              )}
            </Box>
          </Box>
        </Box>
      </Box>
    </ReframePreviewContext>
  );
}
