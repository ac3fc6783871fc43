import { MIN_GAP_LENGTH_S } from '@roughcut/shared';
import type { Gap, Span } from '@roughcut/shared';
import type { KeyboardEvent } from 'react';
import { RULER_HEIGHT } from './timeline-canvas.ts';
import { visibleIndexRange } from './timeline-geometry.ts';
import type { HandleHit } from './timeline-geometry.ts';
import { TOUCH_TARGET_PX } from './timeline-touch.rules.ts';
import { deleteGapEdit, moveHandleEdit } from './gap-editing.rules.ts';
import type { GapEditState, HandleSide } from './gap-editing.rules.ts';
import { round2 } from '../../lib/round2.ts';
import { formatClipTime } from '../../lib/time.format.ts';

/** Handles are plain elements styled once by the timeline (`gapHandleStyles`), as there can be
 * a hundred and more of them re-rendered on every zoom and drag. Each is centred on its edge: 10
 * px for a mouse, a 44 px touch target where the pointer is a finger (issue 33; the pointer
 * grabs an edge as far, see grabRadiusPx). */
export const GAP_HANDLE_CLASS = 'gap-handle';
export const gapHandleStyles = {
  [`& .${GAP_HANDLE_CLASS}`]: {
    position: 'absolute',
    top: RULER_HEIGHT,
    bottom: 0,
    width: 10,
    transform: 'translateX(-50%)',
    outline: 'none',
  },
  '@media (pointer: coarse)': {
    [`& .${GAP_HANDLE_CLASS}`]: { width: TOUCH_TARGET_PX },
  },
  [`& .${GAP_HANDLE_CLASS}:focus-visible`]: {
    boxShadow: 'inset 0 0 0 2px #4f46e5',
    borderRadius: '4px',
  },
} as const;

/** Beyond this many visible gaps the edges are left to the pointer (zoom in to reach them). */
export const MAX_KEYBOARD_GAPS = 80;

const NUDGE_S = 0.01;
const NUDGE_LARGE_S = 0.1;

type Props = {
  gaps: readonly Gap[];
  /** The visible source range. */
  from: number;
  to: number;
  toX: (source: number) => number;
  window: Span;
  state: GapEditState;
  onChange: (next: GapEditState) => void;
  onActive: (hit: HandleHit | null) => void;
};

/**
 * Focusable gap edges over the canvas, for the keyboard: arrows nudge by 0.01 s (Shift: 0.1 s),
 * Delete removes the gap. Pointer presses pass through to the timeline.
 */
export function GapHandles({ gaps, from, to, toX, window, state, onChange, onActive }: Props) {
  const [first, last] = visibleIndexRange(gaps, from, to);
  if (last - first > MAX_KEYBOARD_GAPS) return null;
  const visible = gaps.slice(first, last);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, gap: Gap, side: HandleSide) => {
    const step = event.shiftKey ? NUDGE_LARGE_S : NUDGE_S;
    const delta =
      event.key === 'ArrowLeft' || event.key === 'ArrowDown'
        ? -step
        : event.key === 'ArrowRight' || event.key === 'ArrowUp'
          ? step
          : 0;
    if (delta !== 0) {
      event.preventDefault();
      onChange(moveHandleEdit(state, gap.id, side, gap[side] + delta, window));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      // NOTE: the keyboard's Delete is as deliberate as the Ctrl/Cmd+click the pointer needs.
      onChange(deleteGapEdit(state, gap.id, { ctrlKey: true }));
    }
  };

  return (
    <>
      {visible.flatMap((gap, i) =>
        (['start', 'end'] as const).map((side) => {
          const number = first + i + 1;
          // NOTE: from the sorted neighbours, not clampHandle: that sorts every gap per call.
          const [min, max] =
            side === 'start'
              ? [gaps[first + i - 1]?.end ?? window.start, gap.end - MIN_GAP_LENGTH_S]
              : [gap.start + MIN_GAP_LENGTH_S, gaps[first + i + 1]?.start ?? window.end];
          return (
            <div
              key={`${gap.id}-${side}`}
              role="slider"
              tabIndex={0}
              aria-label={`Gap ${number} ${side}`}
              aria-valuemin={round2(min)}
              aria-valuemax={round2(max)}
              aria-valuenow={gap[side]}
              aria-valuetext={formatClipTime(gap[side] - window.start)}
              data-testid={`gap-handle-${gap.id}-${side}`}
              className={GAP_HANDLE_CLASS}
              onKeyDown={(event) => onKeyDown(event, gap, side)}
              onFocus={() => onActive({ id: gap.id, side })}
              onBlur={() => onActive(null)}
              style={{ left: toX(gap[side]) }}
            />
          );
        }),
      )}
    </>
  );
}
