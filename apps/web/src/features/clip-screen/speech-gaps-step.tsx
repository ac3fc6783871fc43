import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Clip } from '@roughcut/shared';
import { useMemo } from 'react';
import { useClipWaveform } from '../../api/clips.queries.ts';
import { FillerList, TimelineLegend } from './filler-list.tsx';
import { GapEditor, timelineText } from './gap-editor.tsx';
import { keptLength, playbackPlan } from '../../playback/gap-playback.ts';
import { DELETED_GAPS_HINT, gapFooterLabel } from './timeline.rules.ts';
import { gapCounts } from './gap-editing.rules.ts';
import type { GapEditState } from './gap-editing.rules.ts';
import { formatClipTime } from '../../lib/time.format.ts';

export type SpeechGapsStepProps = {
  /** The clip as fetched: its window (`start`, `end`), segments with words, `detected_gaps`. */
  clip: Clip;
  /** Signed URL of the job's source video; undefined while it loads ("Loading video"). */
  videoUrl: string | undefined;
  /** False shows the gaps read-only (SPEC 4.4: editable only while awaiting confirmation). */
  editable: boolean;
  /**
   * The gaps to cut and the deleted ones. The screen owns it because Submit sends `cut`
   * (`state.gaps`). Open it with `initialGapEditState(clip.gaps, clip.detected_gaps)` from
   * @roughcut/shared, so detected gaps missing from a saved cut count as deleted and can be undone.
   */
  state: GapEditState;
  onChange: (next: GapEditState) => void;
};

/**
 * SPEC 2.10 Speech Gaps step: the video player (play/pause, current / total, mute, volume), the
 * timeline with yellow gap regions (drag an edge, Ctrl/Cmd+click to delete, drag the playhead,
 * scroll to pan, Ctrl/Cmd+scroll to zoom, Space plays, Ctrl/Cmd+Z undoes) over the clip's waveform
 * and words, the legend and the fillers ("um", "uh": listed with a count, each kept or removed),
 * and the footer counting the silences found and deleted (`gapCounts`, as the timeline
 * editor counts them) with a hint that a deleted gap stays in the video. "Loading video" shows
 * until the video is playable. Playback skips the gaps exactly as the render cuts them.
 */
export function SpeechGapsStep({ clip, videoUrl, editable, state, onChange }: SpeechGapsStepProps) {
  const waveform = useClipWaveform({
    jobId: clip.auto_job_id,
    instanceId: clip.auto_job_instance_id,
    clipId: clip.id,
  });
  const window = useMemo(() => ({ start: clip.start, end: clip.end }), [clip.start, clip.end]);
  const kept = useMemo(() => keptLength(playbackPlan(window, state.gaps)), [window, state.gaps]);
  const words = useMemo(() => timelineText(clip).words, [clip]);

  return (
    <GapEditor
      clip={clip}
      videoUrl={videoUrl}
      waveform={waveform.data}
      editable={editable}
      state={state}
      onChange={onChange}
      playerHeight={clip.is_long_form ? 360 : 420}
      footer={
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <TimelineLegend />
          <FillerList
            state={state}
            onChange={onChange}
            editable={editable}
            origin={clip.start}
            words={words}
          />
          <Box
            data-testid="speech-gaps-footer"
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              justifyContent: 'space-between',
              gap: 1,
              pt: 1.5,
              borderTop: '1px solid',
              borderColor: 'divider',
            }}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {gapFooterLabel(gapCounts(state))}
              </Typography>
              <Typography variant="caption" color="text.secondary" data-testid="deleted-gaps-hint">
                {DELETED_GAPS_HINT}
              </Typography>
            </Box>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ fontVariantNumeric: 'tabular-nums' }}
            >
              Cut length {formatClipTime(kept)} of {formatClipTime(window.end - window.start)}
            </Typography>
          </Box>
        </Box>
      }
    />
  );
}
