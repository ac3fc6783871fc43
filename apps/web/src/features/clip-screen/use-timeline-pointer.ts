import { isFillerGap, sortGaps } from '@roughcut/shared';
import type { Span } from '@roughcut/shared';
import { useEffect, useRef } from 'react';
import type { PointerEvent as ReactPointerEvent, RefObject } from 'react';
import { RULER_HEIGHT, WORDS_HEIGHT, WORDS_TOP } from './timeline-canvas.ts';
import { gapAtTime, handleAtTime } from './timeline-geometry.ts';
import type { HandleHit } from './timeline-geometry.ts';
import {
  gapToSelect,
  grabRadiusPx,
  isDragging,
  pinchView,
  startPinch,
  type Pinch,
  type TouchPoint,
} from './timeline-touch.rules.ts';
import { panViewport, pixelToTime, zoomAround, type Viewport } from './timeline.rules.ts';
import { deleteGapEdit, moveHandleEdit, restoreGapEdit } from './gap-editing.rules.ts';
import type { GapEditState } from './gap-editing.rules.ts';

type Drag =
  | {
      kind: 'handle';
      hit: HandleHit;
      base: GapEditState;
      pointerId: number;
      pointerType: string;
      /** The edge's time less the pointer's when pressed: the edge moves with the finger. */
      offset: number;
      downX: number;
      moved: boolean;
    }
  | { kind: 'seek'; pointerId: number }
  | { kind: 'pinch'; pinch: Pinch };

/** Where a word chip is pointed at: hovered with a mouse or tapped with a finger. */
export type WordPointing = { source: number; how: 'hover' | 'tap' };

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
  /** A plain press or tap on a gap selects it; elsewhere on the track clears the selection. */
  onSelect: (id: string | null) => void;
  /** The word row pointed at (null: the pointer left it). */
  onPointWord: (pointing: WordPointing | null) => void;
};

const inWordRow = (y: number): boolean => y >= WORDS_TOP && y <= WORDS_TOP + WORDS_HEIGHT;

/**
 * The timeline's pointer: drag a gap edge (a finger grabs it within 22 px), Ctrl/Cmd+click a gap
 * to delete it (or a kept filler to cut it again), press or tap a gap to select it, press or drag
 * elsewhere to move the playhead, scroll to pan, Ctrl/Cmd+scroll or pinch to zoom.
 */
export function useTimelinePointer(input: TimelinePointerInput) {
  const latest = useRef(input);
  const drag = useRef<Drag | null>(null);
  const touches = useRef(new Map<number, TouchPoint>());
  // NOTE: the view as last asked for: wheel and pinch events can come faster than React renders,
  // and each must build on the one before.
  const view = useRef(input.view);
  useEffect(() => {
    latest.current = input;
    view.current = input.view;
  });

  const pointAt = (clientX: number, clientY: number) => {
    const { containerRef, width, window } = latest.current;
    const rect = containerRef.current?.getBoundingClientRect();
    const x = clientX - (rect?.left ?? 0);
    const y = clientY - (rect?.top ?? 0);
    const local = pixelToTime(x, view.current, width);
    return { local, source: window.start + local, x, y };
  };

  const secondsPerPx = (): number => {
    const { width } = latest.current;
    const { duration, zoom } = view.current;
    return width > 0 ? duration / zoom / width : 0;
  };

  const setView = (next: Viewport) => {
    view.current = next;
    latest.current.onViewChange(next);
  };

  // NOTE: a native listener: React's wheel listener is passive and cannot stop the page scrolling.
  useEffect(() => {
    const element = input.containerRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const before = view.current;
      if (event.ctrlKey || event.metaKey) {
        setView(zoomAround(before, event.deltaY, pointAt(event.clientX, event.clientY).local));
      } else {
        const delta = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY;
        setView({ ...before, viewportStart: panViewport(before, delta, latest.current.width) });
      }
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

  /** A second finger turns whatever the first began into a pinch (a half-dragged edge goes back). */
  const beginPinch = () => {
    const [a, b] = [...touches.current.values()];
    if (!a || !b) return;
    const current = drag.current;
    if (current?.kind === 'handle') {
      if (current.moved) latest.current.onChange(current.base);
      latest.current.onActiveHandle(null);
    }
    drag.current = { kind: 'pinch', pinch: startPinch(view.current, a, b, latest.current.width) };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    const point = pointAt(event.clientX, event.clientY);
    if (event.pointerType === 'touch') {
      touches.current.set(event.pointerId, { x: point.x, y: point.y });
      capture(event);
      if (touches.current.size === 2) beginPinch();
      if (touches.current.size >= 2) return;
    }
    if (event.button !== 0) return;
    const { state, editable, window, onChange, onSeek, onActiveHandle, onSelect } = latest.current;
    const { source } = point;
    if (event.pointerType === 'touch') {
      // NOTE: a tap on a word shows it whole; a tap anywhere else puts the word away.
      latest.current.onPointWord(inWordRow(point.y) ? { source, how: 'tap' } : null);
    }
    if (point.y >= RULER_HEIGHT && editable) {
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
      const tolerance = grabRadiusPx(event.pointerType) * secondsPerPx();
      const hit = handleAtTime(state.gaps, source, tolerance);
      if (hit) {
        const edge = state.gaps.find((g) => g.id === hit.id)?.[hit.side] ?? source;
        drag.current = {
          kind: 'handle',
          hit,
          base: state,
          pointerId: event.pointerId,
          pointerType: event.pointerType,
          offset: edge - source,
          downX: point.x,
          moved: false,
        };
        onSelect(hit.id);
        onActiveHandle(hit);
        capture(event);
        event.preventDefault();
        return;
      }
      onSelect(gapToSelect(state.gaps, source));
    }
    drag.current = { kind: 'seek', pointerId: event.pointerId };
    onSeek(Math.min(window.end, Math.max(window.start, source)));
    capture(event);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const point = pointAt(event.clientX, event.clientY);
    if (event.pointerType === 'touch' && touches.current.has(event.pointerId)) {
      touches.current.set(event.pointerId, { x: point.x, y: point.y });
    }
    const current = drag.current;
    const { window, state, editable, onChange, onSeek } = latest.current;
    if (current === null) {
      if (event.pointerType === 'touch') return;
      const hit = editable
        ? handleAtTime(state.gaps, point.source, grabRadiusPx(event.pointerType) * secondsPerPx())
        : null;
      event.currentTarget.style.cursor = hit ? 'ew-resize' : 'pointer';
      latest.current.onPointWord(
        inWordRow(point.y) ? { source: point.source, how: 'hover' } : null,
      );
      return;
    }
    if (current.kind === 'pinch') {
      const [a, b] = [...touches.current.values()];
      if (a && b) setView(pinchView(current.pinch, a, b, latest.current.width));
      return;
    }
    if (current.pointerId !== event.pointerId) return;
    if (current.kind === 'seek') {
      onSeek(Math.min(window.end, Math.max(window.start, point.source)));
      return;
    }
    if (!current.moved && !isDragging(current.pointerType, point.x - current.downX)) return;
    current.moved = true;
    const time = point.source + current.offset;
    onChange(moveHandleEdit(current.base, current.hit.id, current.hit.side, time, window));
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    touches.current.delete(event.pointerId);
    const current = drag.current;
    if (current?.kind === 'pinch') {
      // NOTE: the finger left behind does nothing until it is lifted too.
      if (touches.current.size === 0) drag.current = null;
      return;
    }
    if (current?.pointerId !== event.pointerId) return;
    if (current.kind === 'handle') latest.current.onActiveHandle(null);
    drag.current = null;
  };

  const onPointerLeave = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'touch') latest.current.onPointWord(null);
  };

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onPointerCancel: onPointerUp,
    onPointerLeave,
  };
}
