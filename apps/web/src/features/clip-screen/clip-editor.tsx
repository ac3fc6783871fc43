import Box from '@mui/material/Box';
import { appPaths, buildClipConfirmPayload } from '@roughcut/shared';
import type { Clip } from '@roughcut/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../api/api-error.ts';
import { clipsApi } from '../../api/clips.api.ts';
import type { InstanceRef } from '../../api/clips.api.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { showAlert } from '../../app/show-alert.ts';
import { SpeechGapsStep } from '../gap-timeline/speech-gaps-step.tsx';
import { ClipSidebar } from './clip-sidebar.tsx';
import { ClipLoading } from './clip-states.tsx';
import { ClipTopBar } from './clip-top-bar.tsx';
import { SubtitlesStep } from './subtitles-step.tsx';
import { useClipEdits } from './use-clip-edits.ts';

export const CONFIRM_FAILED_FALLBACK = 'There was an issue confirming this clip, please try again';

type Props = {
  clip: Clip;
  instance: InstanceRef;
  /** Awaiting confirmation and not confirmed: the top bar shows and every step can be changed. */
  editable: boolean;
  videoUrl: string | undefined;
  videoPending: boolean;
};

/** SPEC 2.10 and 4.4: the top bar, the step list and the selected step, and Submit. */
export function ClipEditor({ clip, instance, editable, videoUrl, videoPending }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const edits = useClipEdits(clip);
  const [confirming, setConfirming] = useState(false);
  const jobPath = appPaths.job(instance.jobId);

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
    setConfirming(true);
    try {
      await clipsApi.confirm(instance, clip.id, result.payload);
    } catch (error) {
      setConfirming(false);
      showAlert(describeError(error, CONFIRM_FAILED_FALLBACK));
      return;
    }
    await queryClient.invalidateQueries({
      queryKey: queryKeys.clips(instance.jobId, instance.instanceId),
    });
    await navigate(jobPath);
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
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
        />
      ) : null}
      <Box
        sx={{
          display: 'flex',
          gap: 3,
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { md: 'flex-start' },
        }}
      >
        <ClipSidebar
          selectedStep={edits.selectedStep}
          confirmedSteps={edits.confirmedSteps}
          onSelect={edits.selectStep}
          segments={clip.segments}
        />
        <Box component="section" aria-label="Selected step" sx={{ flex: 1, minWidth: 0 }}>
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
                gaps={edits.gapState.gaps}
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
  );
}
