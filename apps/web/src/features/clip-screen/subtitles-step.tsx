import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  PREVIEW_HEIGHT_PX,
  clipKeptSpans,
  isFillerGap,
  removedWithFillers,
} from '@roughcut/shared';
import type { Clip, DrawSettings } from '@roughcut/shared';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cutClock } from '../../playback/clip-clock.ts';
import { playbackPlan } from '../../playback/gap-playback.ts';
import { useEditorKeys } from '../../playback/use-editor-keys.ts';
import { useGapPlayback } from '../../playback/use-gap-playback.ts';
import { SubtitleStyleControls } from '../../components/subtitle-style/subtitle-style-controls.tsx';
import { PhraseList } from './phrase-list.tsx';
import type { PreviewCut } from './preview-cut.ts';
import { SubtitlePreview } from './subtitle-preview.tsx';
import type { PhraseActions } from './use-clip-edits.ts';
import { phraseAtTime } from './phrase-validity.rules.ts';
import type { ReviewPhrase } from './phrase-validity.rules.ts';

/**
 * NOTE: a phone's portrait preview is as tall as the Speech Gaps step's, so the video and its
 * controls fit on the first screen (390x844) under the clip actions.
 */
const PHONE_PREVIEW_HEIGHT_PX = 420;

// NOTE: the controls are many; typing in a phrase must not redraw them on every key.
const StyleControls = memo(SubtitleStyleControls);

type Props = {
  clip: Clip;
  videoUrl: string | undefined;
  videoPending: boolean;
  editable: boolean;
  /** The gaps the preview skips: the render's cut for the current confirmation state. */
  cut: PreviewCut;
  phrases: readonly ReviewPhrase[];
  tolerance: number;
  drawSettings: DrawSettings;
  phraseActions: PhraseActions;
  onTolerance: (tolerance: number) => void;
  onDrawSettings: (next: DrawSettings) => void;
};

/**
 * SPEC 2.10: the Subtitles step: the phrase list with its tolerance slider on the left; on the
 * right the clip (gaps skipped) with the edited phrases drawn over it in the current style, and the
 * styling controls.
 */
export function SubtitlesStep(props: Props) {
  const { clip } = props;
  const window = useMemo(() => ({ start: clip.start, end: clip.end }), [clip.start, clip.end]);
  const cutGaps = props.cut.gaps;
  const plan = useMemo(() => playbackPlan(window, cutGaps), [window, cutGaps]);
  const kept = useMemo(() => clipKeptSpans(window, cutGaps), [window, cutGaps]);
  // NOTE (issue 33): the player and the phrase list read the clip as cut, on one clock.
  const clock = useMemo(() => cutClock(window, cutGaps), [window, cutGaps]);
  // NOTE (issue 33): a phrase the cut took out with its fillers is left out of the list (it
  // burns nothing), rather than flagged for its missing text; keeping the filler brings it back.
  const phrases = useMemo(() => {
    const removed = removedWithFillers(kept, cutGaps.filter(isFillerGap));
    return props.phrases.filter((p) => !removed(p));
  }, [props.phrases, kept, cutGaps]);
  const playback = useGapPlayback(plan);
  // NOTE: useTheme falls back to the default theme outside a ThemeProvider (component tests).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  // NOTE: Space plays and pauses here as on the Speech Gaps step; a phrase box keeps its spaces.
  useEditorKeys({ onTogglePlay: playback.toggle });
  const [selectedId, setSelectedId] = useState<string | undefined>();
  // NOTE: the clock ticks every frame; the playhead state (and the list) changes only when the
  // phrase under it does.
  const [playhead, setPlayhead] = useState(clip.start);
  const playingId = phraseAtTime(phrases, playhead)?.id;
  const phrasesRef = useRef(phrases);
  const shownRef = useRef(playingId);
  useEffect(() => {
    phrasesRef.current = phrases;
    shownRef.current = playingId;
  }, [phrases, playingId]);
  const { subscribe, seek } = playback;
  useEffect(
    () =>
      subscribe((time) => {
        const id = phraseAtTime(phrasesRef.current, time)?.id;
        if (id === shownRef.current) return;
        shownRef.current = id;
        setPlayhead(time);
      }),
    [subscribe],
  );

  const select = useCallback(
    (phrase: ReviewPhrase, andSeek: boolean) => {
      setSelectedId(phrase.id);
      if (andSeek) seek(phrase.start);
    },
    [seek],
  );

  // NOTE: a landscape (long-form) frame gets the full width above the list; a portrait one sits
  // beside the list and the style controls below it, and stays in view (sticky) while either is
  // scrolled, so every change is seen as it will be burned. On phones the video comes first.
  const portrait = !clip.is_long_form;
  const lg = portrait ? '"list preview" "style preview"' : '"preview preview" "list style"';
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
        gridTemplateAreas: { xs: '"preview" "list" "style"', lg },
        gridTemplateRows: { lg: 'auto 1fr' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      <Box sx={{ gridArea: 'list', minWidth: 0 }}>
        <PhraseList
          phrases={phrases}
          tolerance={props.tolerance}
          playingId={playingId}
          selectedId={selectedId}
          follow={playback.playing}
          editable={props.editable}
          actions={props.phraseActions}
          onSelect={select}
          onTolerance={props.onTolerance}
          clock={clock}
        />
      </Box>
      <Paper
        variant="outlined"
        sx={{
          gridArea: 'preview',
          p: { xs: 1, sm: 1.5 },
          minWidth: 0,
          position: { lg: portrait ? 'sticky' : 'static' },
          // NOTE: below the sticky app bar (68 px).
          top: { lg: 84 },
        }}
      >
        <SubtitlePreview
          clip={clip}
          src={props.videoUrl}
          loading={props.videoPending}
          playback={playback}
          phrases={phrases}
          kept={kept}
          drawSettings={props.drawSettings}
          height={phone ? PHONE_PREVIEW_HEIGHT_PX : PREVIEW_HEIGHT_PX}
          clock={clock}
        />
        {props.editable ? (
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            data-testid="preview-cut"
            sx={{ mt: 1 }}
          >
            {props.cut.edited
              ? 'Plays your confirmed speech-gap edits, as the render will cut them.'
              : 'Plays the current cut: confirm Speech Gaps to render your gap edits.'}
          </Typography>
        ) : null}
      </Paper>
      <Paper
        variant="outlined"
        component="section"
        aria-label="Subtitle style"
        sx={{ gridArea: 'style', p: 2, minWidth: 0 }}
      >
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
          Subtitle style
        </Typography>
        <StyleControls
          value={props.drawSettings}
          onChange={props.onDrawSettings}
          disabled={!props.editable}
        />
      </Paper>
    </Box>
  );
}
