import Box from '@mui/material/Box';
import { isFillerGap, sortGaps } from '@roughcut/shared';
import type { GapEditState, Span, Word } from '@roughcut/shared';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { GapHandles, gapHandleStyles } from './gap-handles.tsx';
import { TimelinePlayhead } from './timeline-playhead.tsx';
import type { PlayheadClock } from './timeline-playhead.tsx';
import { TIMELINE_HEIGHT, drawTimeline } from './timeline-canvas.ts';
import type { HandleHit, Waveform } from './timeline-geometry.ts';
import { useTimelinePointer } from './use-timeline-pointer.ts';
import { timeToPixel, visibleWindow, type Viewport } from './timeline.rules.ts';

type Props = {
  /** The clip window in the source video; the timeline shows it from 0. */
  window: Span;
  state: GapEditState;
  onChange: (next: GapEditState) => void;
  editable: boolean;
  words: readonly Word[];
  speech: readonly Span[];
  waveform: Waveform | undefined;
  /** Zoom and scroll, in seconds from the window's start. */
  view: Viewport;
  onViewChange: (view: Viewport) => void;
  clock: PlayheadClock;
};

/**
 * SPEC 2.10 and 2.12: the speech-gap timeline. One canvas draws the visible window only (ruler,
 * words, waveform, yellow gap regions, striped magenta fillers, dashed kept fillers); the playhead
 * moves without re-rendering React.
 */
export function GapTimeline(props: Props) {
  const { window, state, editable, view } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const [active, setActive] = useState<HandleHit | null>(null);
  const gaps = useMemo(() => sortGaps(state.gaps), [state.gaps]);
  const keptFillers = useMemo(
    () => sortGaps(state.deletedGaps.filter(isFillerGap)),
    [state.deletedGaps],
  );

  useLayoutEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    // NOTE: the inner width (no border), so the canvas is drawn at exactly the size it shows.
    const measure = () =>
      setWidth(Math.floor(element.clientWidth || element.getBoundingClientRect().width));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // NOTE: a layout effect, so the canvas changes in the same frame as the handles over it.
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const ctx = width > 0 ? canvas?.getContext('2d') : null;
    if (!canvas || !ctx) return;
    const dpr = globalThis.devicePixelRatio || 1;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(TIMELINE_HEIGHT * dpr);
    drawTimeline(
      ctx,
      {
        origin: window.start,
        view,
        gaps,
        keptFillers,
        words: props.words,
        speech: props.speech,
        waveform: props.waveform,
        active,
      },
      width,
      dpr,
    );
  }, [
    width,
    window.start,
    view,
    gaps,
    keptFillers,
    props.words,
    props.speech,
    props.waveform,
    active,
  ]);

  const pointer = useTimelinePointer({
    containerRef,
    width,
    window,
    view,
    state: { ...state, gaps },
    editable,
    onChange: props.onChange,
    onViewChange: props.onViewChange,
    onSeek: props.clock.seek,
    onActiveHandle: setActive,
  });

  const local = visibleWindow(view);
  const toX = (source: number) => timeToPixel(source - window.start, view, width);

  return (
    <Box
      ref={containerRef}
      role="group"
      aria-label="Speech gap timeline"
      data-testid="gap-timeline"
      {...pointer}
      sx={{
        position: 'relative',
        height: TIMELINE_HEIGHT,
        width: '100%',
        borderRadius: 2,
        overflow: 'hidden',
        border: '1px solid',
        borderColor: 'divider',
        touchAction: 'none',
        userSelect: 'none',
        cursor: 'pointer',
        ...gapHandleStyles,
      }}
    >
      <canvas
        ref={canvasRef}
        aria-hidden
        style={{ display: 'block', width: '100%', height: TIMELINE_HEIGHT }}
      />
      {editable && width > 0 ? (
        <GapHandles
          gaps={gaps}
          from={window.start + local.start}
          to={window.start + local.end}
          toX={toX}
          window={window}
          state={state}
          onChange={props.onChange}
          onActive={setActive}
        />
      ) : null}
      <TimelinePlayhead
        clock={props.clock}
        window={window}
        view={view}
        width={width}
        onViewChange={props.onViewChange}
      />
    </Box>
  );
}
