import Box from '@mui/material/Box';
import { isFillerGap, sortGaps } from '@roughcut/shared';
import type { Span, Word } from '@roughcut/shared';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { GapHandles, gapHandleStyles } from './gap-handles.tsx';
import { TimelinePlayhead } from './timeline-playhead.tsx';
import type { PlayheadClock } from './timeline-playhead.tsx';
import { COLORS, TIMELINE_HEIGHT, drawTimeline } from './timeline-canvas.ts';
import { indexAtTime } from './timeline-geometry.ts';
import { rulerLabelsFor, type MeasureText } from './timeline-ruler.rules.ts';
import type { HandleHit, Waveform } from './timeline-geometry.ts';
import { TimelineWords, type WordTipState } from './timeline-words.tsx';
import { useTimelinePointer, type WordPointing } from './use-timeline-pointer.ts';
import { centerOn, timeToPixel, visibleWindow, type Viewport } from './timeline.rules.ts';
import type { GapEditState } from './gap-editing.rules.ts';
import { formatClipTime } from '../../lib/time.format.ts';

const LABEL_FONT = '11px Inter, system-ui, sans-serif';
const LABEL_GAP_PX = 3;
let measuring: CanvasRenderingContext2D | null | undefined;

/** A ruler label's width as the page draws it (the rules' estimate where there is no canvas). */
const measureLabel = (text: string): number => {
  if (measuring === undefined) {
    measuring = globalThis.document?.createElement('canvas').getContext('2d') ?? null;
  }
  if (measuring === null) return text.length * 5.3;
  measuring.font = LABEL_FONT;
  return measuring.measureText(text).width;
};

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
  /** The gap a press or tap selected (issue 33), for the Delete button and key. */
  selectedId: string | null;
  onSelect: (id: string | null) => void;
};

/**
 * SPEC 2.10 and 2.12: the speech-gap timeline. One canvas draws the visible window only (ruler
 * ticks, words, waveform, yellow gap regions, striped magenta fillers, dashed kept fillers, the
 * selected gap outlined); the ruler's labels, the words' tooltip and the focusable edges and words
 * are HTML over it; the playhead moves without re-rendering React.
 */
export function GapTimeline(props: Props) {
  const { window, state, editable, view, words, onViewChange } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const [active, setActive] = useState<HandleHit | null>(null);
  const [tip, setTip] = useState<WordTipState>(null);
  const gaps = useMemo(() => sortGaps(state.gaps), [state.gaps]);
  const keptFillers = useMemo(
    () => sortGaps(state.deletedGaps.filter(isFillerGap)),
    [state.deletedGaps],
  );
  // NOTE: labels are measured again once the page's font has loaded (it is narrower).
  const [measure, setMeasure] = useState<MeasureText>(() => measureLabel);
  useEffect(() => {
    let live = true;
    void globalThis.document?.fonts?.ready.then(() => {
      if (live) setMeasure(() => (text: string) => measureLabel(text));
    });
    return () => {
      live = false;
    };
  }, []);
  const ruler = useMemo(() => rulerLabelsFor(view, width, measure), [view, width, measure]);

  useLayoutEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    // NOTE: the inner width (no border), so the canvas is drawn at exactly the size it shows.
    const readWidth = () =>
      setWidth(Math.floor(element.clientWidth || element.getBoundingClientRect().width));
    readWidth();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(readWidth);
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
        words,
        speech: props.speech,
        waveform: props.waveform,
        active,
        selectedId: props.selectedId,
        labels: ruler.labels,
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
    words,
    props.speech,
    props.waveform,
    active,
    props.selectedId,
    ruler,
  ]);

  const onPointWord = useCallback(
    (pointing: WordPointing | null) => {
      const index = pointing ? indexAtTime(words, pointing.source) : -1;
      setTip((current) => {
        if (index < 0) return current?.how === 'focus' ? current : null;
        if (current?.index === index && current.how !== 'focus') return current;
        return pointing ? { index, how: pointing.how } : null;
      });
    },
    [words],
  );

  const pointer = useTimelinePointer({
    containerRef,
    width,
    window,
    view,
    state: { ...state, gaps },
    editable,
    onChange: props.onChange,
    onViewChange,
    onSeek: props.clock.seek,
    onActiveHandle: setActive,
    onSelect: props.onSelect,
    onPointWord,
  });

  const local = visibleWindow(view);
  const toX = (source: number) => timeToPixel(source - window.start, view, width);

  return (
    <Box
      ref={containerRef}
      role="group"
      aria-label="Speech gap timeline"
      data-testid="gap-timeline"
      data-selected-gap={props.selectedId ?? undefined}
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
        WebkitUserSelect: 'none',
        cursor: 'pointer',
        ...gapHandleStyles,
      }}
    >
      <canvas
        ref={canvasRef}
        aria-hidden
        style={{ display: 'block', width: '100%', height: TIMELINE_HEIGHT }}
      />
      {width > 0
        ? ruler.labels.map((time) => (
            <Box
              key={time}
              component="span"
              aria-hidden
              data-testid="ruler-label"
              style={{ left: timeToPixel(time, view, width) + LABEL_GAP_PX }}
              sx={{
                position: 'absolute',
                top: 4,
                font: LABEL_FONT,
                lineHeight: '14px',
                color: COLORS.label,
                fontVariantNumeric: 'tabular-nums',
                whiteSpace: 'nowrap',
                pointerEvents: 'none',
              }}
            >
              {formatClipTime(time, ruler.decimals)}
            </Box>
          ))
        : null}
      {width > 0 ? (
        <TimelineWords
          words={words}
          from={window.start + local.start}
          to={window.start + local.end}
          toX={toX}
          window={window}
          tip={tip}
          onTip={setTip}
          onSeek={props.clock.seek}
          onReveal={(source) =>
            onViewChange({ ...view, viewportStart: centerOn(view, source - window.start) })
          }
        />
      ) : null}
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
        onViewChange={onViewChange}
      />
    </Box>
  );
}
