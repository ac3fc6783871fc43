import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { CONFIDENCE_TOLERANCE_STEP } from '@roughcut/shared';
import { useEffect, useRef, useState } from 'react';
import type { ClipClock } from '../../playback/clip-clock.ts';
import { PHRASE_ROW_HEIGHT, PhraseRow } from './phrase-row.tsx';
import type { PhraseActions } from './use-clip-edits.ts';
import {
  NO_TRANSCRIPTION_QUESTION,
  NO_TRANSCRIPTION_TITLE,
  invalidPhrasesLabel,
} from './phrase-validity.rules.ts';
import type { ReviewPhrase } from './phrase-validity.rules.ts';
import { formatTolerancePercent } from '../../lib/time.format.ts';

/** SPEC 2.10: the list is at most 1000 px high and scrolls. */
export const PHRASE_LIST_MAX_HEIGHT = 1000;
const OVERSCAN_ROWS = 6;

type Props = {
  phrases: readonly ReviewPhrase[];
  tolerance: number;
  playingId: string | undefined;
  selectedId: string | undefined;
  /** Follow the playing phrase (while the video plays and no phrase is being typed in). */
  follow: boolean;
  editable: boolean;
  actions: PhraseActions;
  onSelect: (phrase: ReviewPhrase, seek: boolean) => void;
  onTolerance: (tolerance: number) => void;
  /** The clip's clock the phrases' times read on (issue 33: the player's). */
  clock: ClipClock;
};

/** SPEC 2.10 and 4.4: the Subtitles step's phrase list, its header and the tolerance slider. */
export function PhraseList(props: Props) {
  const { phrases, tolerance, onTolerance } = props;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Phrases"
      sx={{ display: 'flex', flexDirection: 'column', overflow: 'hidden', minWidth: 0 }}
    >
      <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle2" component="h3" data-testid="invalid-phrases">
          {invalidPhrasesLabel(phrases, tolerance)}
        </Typography>
      </Box>
      {phrases.length === 0 ? <NoTranscription /> : <PhraseRows {...props} />}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          px: 2,
          py: 1,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id="tolerance-label" variant="body2" sx={{ fontWeight: 600, flexShrink: 0 }}>
          Confidence tolerance
        </Typography>
        <Slider
          size="small"
          min={0}
          max={1}
          step={CONFIDENCE_TOLERANCE_STEP}
          value={tolerance}
          onChange={(_event, value) => onTolerance(value)}
          getAriaValueText={formatTolerancePercent}
          valueLabelFormat={formatTolerancePercent}
          valueLabelDisplay="auto"
          slotProps={{ input: { 'aria-labelledby': 'tolerance-label' } }}
        />
        <Typography
          variant="body2"
          data-testid="tolerance-value"
          sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 40, textAlign: 'right' }}
        >
          {formatTolerancePercent(tolerance)}
        </Typography>
      </Box>
    </Paper>
  );
}

function NoTranscription() {
  return (
    <Box sx={{ py: 6, px: 3, textAlign: 'center' }}>
      <Typography variant="h6" component="p">
        {NO_TRANSCRIPTION_TITLE}
      </Typography>
      <Typography color="text.secondary">{NO_TRANSCRIPTION_QUESTION}</Typography>
    </Box>
  );
}

/** The rows, drawn only where the list is scrolled to, so a one-hour clip stays light. */
function PhraseRows({
  phrases,
  tolerance,
  playingId,
  selectedId,
  follow,
  editable,
  actions,
  onSelect,
  clock,
}: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const total = phrases.length * PHRASE_ROW_HEIGHT;
  const viewport = Math.min(PHRASE_LIST_MAX_HEIGHT, total);
  const first = Math.max(0, Math.floor(scrollTop / PHRASE_ROW_HEIGHT) - OVERSCAN_ROWS);
  const last = Math.min(
    phrases.length,
    Math.ceil((scrollTop + viewport) / PHRASE_ROW_HEIGHT) + OVERSCAN_ROWS,
  );

  const playingIndex = playingId === undefined ? -1 : phrases.findIndex((p) => p.id === playingId);
  useEffect(() => {
    const list = scrollRef.current;
    if (!follow || !list || playingIndex < 0) return;
    if (list.contains(document.activeElement)) return;
    const rowTop = playingIndex * PHRASE_ROW_HEIGHT;
    const visible =
      rowTop >= list.scrollTop && rowTop + PHRASE_ROW_HEIGHT <= list.scrollTop + list.clientHeight;
    if (!visible) list.scrollTo({ top: Math.max(0, rowTop - PHRASE_ROW_HEIGHT) });
  }, [follow, playingIndex]);

  return (
    <Box
      ref={scrollRef}
      data-testid="phrase-list"
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      sx={{ maxHeight: PHRASE_LIST_MAX_HEIGHT, overflowY: 'auto', position: 'relative' }}
    >
      <Box role="list" sx={{ position: 'relative', height: total }}>
        {phrases.slice(first, last).map((phrase, offset) => {
          const index = first + offset;
          return (
            <PhraseRow
              key={phrase.id}
              phrase={phrase}
              index={index}
              top={index * PHRASE_ROW_HEIGHT}
              tolerance={tolerance}
              playing={phrase.id === playingId}
              selected={phrase.id === selectedId}
              editable={editable}
              actions={actions}
              onSelect={onSelect}
              clock={clock}
            />
          );
        })}
      </Box>
    </Box>
  );
}
