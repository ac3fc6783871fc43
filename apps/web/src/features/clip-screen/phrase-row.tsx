import CheckRounded from '@mui/icons-material/CheckRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { phraseTextLimit } from '@roughcut/shared';
import { memo } from 'react';
import type { ClipClock } from '../../playback/clip-clock.ts';
import type { PhraseActions } from './use-clip-edits.ts';
import {
  isUnrecognisedPhrase,
  phraseMarker,
  showsTickButton,
  wordsBelowTolerance,
} from './phrase-validity.rules.ts';
import type { ReviewPhrase } from './phrase-validity.rules.ts';
import { formatClipSpan, formatClipTime, formatSeconds } from '../../lib/time.format.ts';

/** Every row has this height, so the list draws only the rows in view (long-form clips). */
export const PHRASE_ROW_HEIGHT = 92;

type Props = {
  phrase: ReviewPhrase;
  index: number;
  top: number;
  tolerance: number;
  /** The phrase at the playback time: highlighted. */
  playing: boolean;
  selected: boolean;
  editable: boolean;
  actions: PhraseActions;
  onSelect: (phrase: ReviewPhrase, seek: boolean) => void;
  /** The clip's clock, as the player counts (issue 33); source time only in the tooltip. */
  clock: ClipClock;
};

const MARKER_COLOURS = { blue: '#2563eb', red: '#dc2626' } as const;

/**
 * Why a phrase needs a look: its text at the length its time can carry (typing stops there), or
 * unsure words until the user typed over it or ticked it.
 */
const hintOf = (phrase: ReviewPhrase, tolerance: number): string | null => {
  const limit = phraseTextLimit(phrase);
  if (phrase.phrase.length >= limit) {
    return `At most ${limit} characters for ${formatSeconds(phrase.end - phrase.start)} s of speech`;
  }
  if (phrase.valid === true) return null;
  if (isUnrecognisedPhrase(phrase)) return 'Speech not recognised: type what was said';
  const unsure = wordsBelowTolerance(phrase, tolerance);
  if (unsure.length === 0) return null;
  return `Unsure: ${unsure.map((w) => `${w.text} ${Math.round(w.confidence * 100)}%`).join(', ')}`;
};

/** SPEC 2.10: one phrase: start, end, its editable text, delete, and a tick when low-confidence. */
export const PhraseRow = memo(function PhraseRow({
  phrase,
  index,
  top,
  tolerance,
  playing,
  selected,
  editable,
  actions,
  onSelect,
  clock,
}: Props) {
  const marker = phraseMarker(phrase, tolerance, playing || selected);
  const hint = hintOf(phrase, tolerance);
  const times = formatClipSpan(clock.at(phrase.start), clock.at(phrase.end));
  const source = `In the source video: ${formatClipSpan(phrase.start, phrase.end)}`;
  return (
    <Box
      role="listitem"
      data-testid="phrase-row"
      data-marker={marker ?? 'none'}
      data-playing={playing ? 'true' : undefined}
      aria-label={`Phrase ${index + 1}, ${times}`}
      sx={{
        position: 'absolute',
        left: 0,
        right: 0,
        top,
        height: PHRASE_ROW_HEIGHT,
        display: 'flex',
        gap: 1,
        pl: 1.25,
        pr: 0.5,
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
        borderLeft: 4,
        borderLeftColor: marker ? MARKER_COLOURS[marker] : 'transparent',
        bgcolor: (theme) =>
          playing ? alpha(theme.palette.primary.main, 0.08) : theme.palette.background.paper,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.25 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Tooltip title={source} enterTouchDelay={0} describeChild>
            <ButtonBase
              onClick={() => onSelect(phrase, true)}
              aria-label={`Play from ${formatClipTime(clock.at(phrase.start))}`}
              data-testid="phrase-time"
              sx={{ borderRadius: 1, px: 0.5, mx: -0.5, flexShrink: 0 }}
            >
              <Typography
                variant="caption"
                sx={{
                  fontVariantNumeric: 'tabular-nums',
                  fontWeight: 600,
                  color: 'text.secondary',
                }}
              >
                {times}
              </Typography>
            </ButtonBase>
          </Tooltip>
          {hint ? (
            <Typography
              variant="caption"
              noWrap
              title={hint}
              sx={{ color: 'error.main', minWidth: 0 }}
            >
              {hint}
            </Typography>
          ) : null}
        </Box>
        <InputBase
          multiline
          rows={2}
          value={phrase.phrase}
          readOnly={!editable}
          placeholder="Type what was said"
          onFocus={() => onSelect(phrase, false)}
          onChange={(event) => actions.edit(phrase.id, event.target.value)}
          onKeyDown={(event) => {
            // NOTE: a phrase is one subtitle line; Enter never adds a line break.
            if (event.key === 'Enter') event.preventDefault();
          }}
          inputProps={{
            maxLength: phraseTextLimit(phrase),
            'aria-label': `Text of phrase ${index + 1}`,
            spellCheck: true,
          }}
          sx={{
            fontSize: 14,
            lineHeight: 1.45,
            px: 1,
            py: 0.5,
            borderRadius: 1.5,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            '&.Mui-focused': { borderColor: 'primary.main' },
            '& textarea': { overflowY: 'auto' },
          }}
        />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
        {editable && showsTickButton(phrase, tolerance) ? (
          <Tooltip title="The phrase is right">
            <IconButton
              size="small"
              aria-label={`Mark phrase ${index + 1} as correct`}
              onClick={() => actions.tick(phrase.id)}
              sx={{ color: 'success.main' }}
            >
              <CheckRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
        {editable ? (
          <Tooltip title="Delete phrase">
            <IconButton
              size="small"
              aria-label={`Delete phrase ${index + 1}`}
              onClick={() => actions.remove(phrase.id)}
            >
              <DeleteOutlineRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
      </Box>
    </Box>
  );
});
