import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { fillerCountLabel, fillerCounts, isFillerGap, sortGaps } from '@roughcut/shared';
import type { Gap, GapEditState } from '@roughcut/shared';
import { COLORS } from './timeline-canvas.ts';
import { deleteGapEdit, restoreGapEdit } from './timeline.rules.ts';

type Props = {
  state: GapEditState;
  onChange: (next: GapEditState) => void;
  editable: boolean;
  /** The clip window's start: times are shown from it, as on the timeline's ruler. */
  origin: number;
};

const STRIPES = `repeating-linear-gradient(135deg, ${COLORS.fillerStripe} 0 2px, ${COLORS.filler} 2px 6px)`;

/** "0:04.2": a filler's place on the timeline. */
const at = (seconds: number): string => {
  const whole = Math.max(0, seconds);
  const minutes = Math.floor(whole / 60);
  const rest = (whole - minutes * 60).toFixed(1).padStart(4, '0');
  return `${minutes}:${rest}`;
};

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
export function FillerList({ state, onChange, editable, origin }: Props) {
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
            const label = `Filler at ${at(gap.start - origin)}, ${(gap.end - gap.start).toFixed(2)} s`;
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
                  {at(gap.start - origin)}
                </Typography>
                <Button
                  size="small"
                  disabled={!editable}
                  onClick={() => (cut ? keep(gap) : remove(gap))}
                  aria-label={`${cut ? 'Keep' : 'Remove'} the filler at ${at(gap.start - origin)}`}
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
