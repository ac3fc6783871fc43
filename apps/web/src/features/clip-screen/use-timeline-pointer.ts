import { isFillerGap, sortGaps } from '@roughcut/shared';
import type { GapEditState, Span } from '@roughcut/shared';
import { useEffect, useRef } from 'react';
import type { PointerEvent as ReactPointerEvent, RefObject } from 'react';
import { RULER_HEIGHT } from './timeline-canvas.ts';
import { gapAtTime, handleAtTime } from './timeline-geometry.ts';
import type { HandleHit } from './timeline-geometry.ts';
import {
  deleteGapEdit,
  moveHandleEdit,
  panViewport,
  pixelToTime,
  restoreGapEdit,
  zoomAround,
  type Viewport,
} from './timeline.rules.ts';

/** How near (in pixels) to a gap edge the pointer grabs it. */
export const HANDLE_GRAB_PX = 6;

type Drag =
  | { kind: 'handle'; hit: HandleHit; base: GapEditState; pointerId: number }
  | { kind: 'seek'; pointerId: number };

export type TimelinePointerInput = {
  containerRef: RefObject<HTMLDivElement | null>;
  width: number;
  window: Span;
  view: Viewport;
  state: GapEditState;
  editable: boolean;
  onChange: (next: GapEditState) => void;
  onViewChange: (view: Viewport) => void;
  onSeek: (sourceTime: number) => void;
  onActiveHandle: (hit: HandleHit | null) => void;
};

/**
 * The timeline's pointer: drag a gap edge, Ctrl/Cmd+click a gap to delete it (or a kept filler to
 * cut it again), press or drag elsewhere to move the playhead, scroll to pan and Ctrl/Cmd+scroll to
 * zoom around the pointer.
 */
export function useTimelinePointer(input: TimelinePointerInput) {
  const latest = useRef(input);
  const drag = useRef<Drag | null>(null);
  // NOTE: the view as last asked for: wheel events can come faster than React renders, and each
  // tick must build on the one before.
  const view = useRef(input.view);
  useEffect(() => {
    latest.current = input;
    view.current = input.view;
  });

  const localAt = (clientX: number): { local: number; source: number; x: number } => {
    const { containerRef, width, window } = latest.current;
    const left = containerRef.current?.getBoundingClientRect().left ?? 0;
    const x = clientX - left;
    const local = pixelToTime(x, view.current, width);
    return { local, source: window.start + local, x };
  };

  const grabTolerance = (): number => {
    const { width } = latest.current;
    const { duration, zoom } = view.current;
    return width > 0 ? (HANDLE_GRAB_PX / width) * (duration / zoom) : 0;
  };

  // NOTE: a native listener: React's wheel listener is passive and cannot stop the page scrolling.
  useEffect(() => {
    const element = input.containerRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      const { width, onViewChange } = latest.current;
      event.preventDefault();
      const before = view.current;
      if (event.ctrlKey || event.metaKey) {
        view.current = zoomAround(before, event.deltaY, localAt(event.clientX).local);
      } else {
        const delta = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY;
        view.current = { ...before, viewportStart: panViewport(before, delta, width) };
      }
      onViewChange(view.current);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [input.containerRef]);

  const capture = (event: ReactPointerEvent<HTMLDivElement>) => {
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // NOTE: a synthetic or already-released pointer cannot be captured; the drag still works.
    }
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const { state, editable, window, onChange, onSeek, onActiveHandle } = latest.current;
    const rect = latest.current.containerRef.current?.getBoundingClientRect();
    const y = event.clientY - (rect?.top ?? 0);
    const { source } = localAt(event.clientX);
    const onRuler = y < RULER_HEIGHT;
    if (!onRuler && editable) {
      if (event.ctrlKey || event.metaKey) {
        const gap = gapAtTime(state.gaps, source);
        // NOTE: a kept filler (dashed) under the pointer is cut again, like its Remove button.
        const kept = gap
          ? null
          : gapAtTime(sortGaps(state.deletedGaps.filter(isFillerGap)), source);
        if (gap) onChange(deleteGapEdit(state, gap.id, event));
        else if (kept) onChange(restoreGapEdit(state, kept.id));
        event.preventDefault();
        return;
      }
      const hit = handleAtTime(state.gaps, source, grabTolerance());
      if (hit) {
        drag.current = { kind: 'handle', hit, base: state, pointerId: event.pointerId };
        onActiveHandle(hit);
        capture(event);
        event.preventDefault();
        return;
      }
    }
    drag.current = { kind: 'seek', pointerId: event.pointerId };
    onSeek(Math.min(window.end, Math.max(window.start, source)));
    capture(event);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    const { source } = localAt(event.clientX);
    const { window, state, editable, onChange, onSeek } = latest.current;
    if (current === null) {
      const hit = editable ? handleAtTime(state.gaps, source, grabTolerance()) : null;
      event.currentTarget.style.cursor = hit ? 'ew-resize' : 'pointer';
      return;
    }
    if (current.pointerId !== event.pointerId) return;
    if (current.kind === 'seek') {
      onSeek(Math.min(window.end, Math.max(window.start, source)));
      return;
    }
    onChange(moveHandleEdit(current.base, current.hit.id, current.hit.side, source, window));
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    if (drag.current.kind === 'handle') latest.current.onActiveHandle(null);
    drag.current = null;
  };

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp };
}
