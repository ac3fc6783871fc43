import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { fillerWordIn, isFillerGap, sortGaps } from '@roughcut/shared';
import type { Gap, Word } from '@roughcut/shared';
import { COLORS } from './timeline-canvas.ts';
import {
  fillerCountLabel,
  fillerCounts,
  deleteGapEdit,
  restoreGapEdit,
} from './gap-editing.rules.ts';
import type { GapEditState } from './gap-editing.rules.ts';
import { formatClipTime } from '../../lib/time.format.ts';

type Props = {
  state: GapEditState;
  onChange: (next: GapEditState) => void;
  editable: boolean;
  /** The clip window's start: times are shown from it, as on the timeline's ruler. */
  origin: number;
  /** The clip's words, sorted by start: each filler is named by the word it holds. */
  words: readonly Word[];
};

const STRIPES = `repeating-linear-gradient(135deg, ${COLORS.fillerStripe} 0 2px, ${COLORS.filler} 2px 6px)`;

/**
 * A filler no word of the transcript lies in: held voice ("uhhh"), or a filler the recogniser
 * heard but left out of the words (the stored gap does not say which).
 */
export const UNNAMED_FILLER = 'filler';

/** The timeline's key: how silences, removed fillers and kept fillers are drawn. */
export function TimelineLegend() {
  const swatch = (label: string, background: string, border: string) => (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Box
        component="span"
        aria-hidden
        sx={{ width: 18, height: 12, borderRadius: 0.5, background, border }}
      />
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
  return (
    <Box
      data-testid="timeline-legend"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
    >
      {swatch('Silence, cut', COLORS.gap, `2px solid ${COLORS.gapEdge}`)}
      {swatch('Filler, cut', STRIPES, `2px solid ${COLORS.fillerEdge}`)}
      {swatch('Filler, kept', COLORS.fillerKept, `1.5px dashed ${COLORS.fillerEdge}`)}
    </Box>
  );
}

/**
 * Issue 22: the clip's fillers ("um", "uh") with their count; each can be kept (left in the cut
 * video) or removed again. Removing one is cutting it like a gap, so preview and render agree.
 */
export function FillerList({ state, onChange, editable, origin, words }: Props) {
  const counts = fillerCounts(state);
  const fillers = sortGaps([...state.gaps, ...state.deletedGaps].filter(isFillerGap));
  const removed = new Set(state.gaps.filter(isFillerGap).map((g) => g.id));
  const keep = (gap: Gap) => onChange(deleteGapEdit(state, gap.id, { ctrlKey: true }));
  const remove = (gap: Gap) => onChange(restoreGapEdit(state, gap.id));
  const setAll = (cut: boolean) => {
    let next = state;
    for (const gap of fillers) {
      if (cut && !removed.has(gap.id)) next = restoreGapEdit(next, gap.id);
      if (!cut && removed.has(gap.id)) next = deleteGapEdit(next, gap.id, { ctrlKey: true });
    }
    onChange(next);
  };
  return (
    <Box data-testid="filler-list" sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {fillerCountLabel(counts)}
        </Typography>
        {editable && counts.found > 0 ? (
          <>
            <Button
              size="small"
              onClick={() => setAll(true)}
              disabled={counts.removed === counts.found}
            >
              Remove all
            </Button>
            <Button size="small" onClick={() => setAll(false)} disabled={counts.removed === 0}>
              Keep all
            </Button>
          </>
        ) : null}
      </Box>
      {fillers.length > 0 ? (
        <Box
          component="ul"
          aria-label="Fillers"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
        >
          {fillers.map((gap) => {
            const cut = removed.has(gap.id);
            // NOTE (issue 33): named by the word heard, at its place on the clip's clock.
            const word = fillerWordIn(gap, words);
            const time = formatClipTime(gap.start - origin);
            const named = word === null ? time : `${time}, ${word}`;
            const label = `Filler at ${named}, ${(gap.end - gap.start).toFixed(2)} s, ${cut ? 'removed' : 'kept'}`;
            return (
              <Box
                component="li"
                key={gap.id}
                aria-label={label}
                data-removed={cut}
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 0.75,
                  pl: 0.75,
                  borderRadius: 1,
                  border: `1.5px ${cut ? 'solid' : 'dashed'} ${COLORS.fillerEdge}`,
                  bgcolor: 'background.paper',
                }}
              >
                <Box
                  component="span"
                  aria-hidden
                  sx={{
                    width: 12,
                    height: 12,
                    borderRadius: 0.5,
                    background: cut ? STRIPES : COLORS.fillerKept,
                    border: `1px ${cut ? 'solid' : 'dashed'} ${COLORS.fillerEdge}`,
                  }}
                />
                <Typography variant="caption" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  <Box component="strong" sx={{ fontWeight: 600 }}>
                    {word ?? UNNAMED_FILLER}
                  </Box>{' '}
                  · {time}
                </Typography>
                <Button
                  size="small"
                  disabled={!editable}
                  onClick={() => (cut ? keep(gap) : remove(gap))}
                  aria-label={`${cut ? 'Keep' : 'Remove'} the filler at ${named}`}
                  sx={{ minWidth: 0, px: 1 }}
                >
                  {cut ? 'Keep' : 'Remove'}
                </Button>
              </Box>
            );
          })}
        </Box>
      ) : null}
    </Box>
  );
}
