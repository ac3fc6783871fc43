import Box from '@mui/material/Box';
import type { Span } from '@roughcut/shared';
import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { RULER_HEIGHT } from './timeline-canvas.ts';
import { timeToPixel, visibleDuration, visibleWindow, type Viewport } from './timeline.rules.ts';
import { formatClipTime } from '../../lib/time.format.ts';

export type PlayheadClock = {
  currentTime: () => number;
  subscribe: (listener: (time: number) => void) => () => void;
  seek: (sourceTime: number) => void;
  playing: boolean;
};

type Props = {
  clock: PlayheadClock;
  window: Span;
  view: Viewport;
  width: number;
  onViewChange: (view: Viewport) => void;
};

/**
 * The playhead, moved straight in the DOM on every frame (no React render). While playing it
 * turns the page when it runs off the visible window. Its knob is a focusable slider.
 */
export function TimelinePlayhead({ clock, window, view, width, onViewChange }: Props) {
  const lineRef = useRef<HTMLDivElement>(null);
  const knobRef = useRef<HTMLDivElement>(null);
  const latest = useRef({ view, width, onViewChange, playing: clock.playing });
  useEffect(() => {
    latest.current = { view, width, onViewChange, playing: clock.playing };
  });

  const wasVisible = useRef(false);
  useEffect(() => {
    const place = (time: number) => {
      const line = lineRef.current;
      const knob = knobRef.current;
      if (!line || !knob) return;
      const current = latest.current;
      const local = time - window.start;
      const { start, end } = visibleWindow(current.view);
      const visible = local >= start - 1e-6 && local <= end + 1e-6;
      if (current.playing && wasVisible.current && local > end && current.width > 0) {
        // NOTE: playing off the right edge turns one page, the new one starting at the playhead;
        // a view the user scrolled elsewhere is left alone.
        current.onViewChange({ ...current.view, viewportStart: local });
        return;
      }
      wasVisible.current = visible;
      const x = timeToPixel(local, current.view, current.width);
      line.style.transform = `translateX(${x}px)`;
      line.style.visibility = visible ? 'visible' : 'hidden';
      knob.setAttribute('aria-valuenow', String(local));
      knob.setAttribute('aria-valuetext', formatClipTime(local));
    };
    place(clock.currentTime());
    return clock.subscribe(place);
  }, [clock, window.start, view, width, clock.playing]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 5 : Math.max(0.1, visibleDuration(view.duration, view.zoom) / 50);
    const delta = event.key === 'ArrowLeft' ? -step : event.key === 'ArrowRight' ? step : 0;
    if (delta === 0) return;
    event.preventDefault();
    clock.seek(clock.currentTime() + delta);
  };

  return (
    <Box
      ref={lineRef}
      data-testid="timeline-playhead"
      sx={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        left: -1,
        width: 2,
        bgcolor: '#e11d48',
        pointerEvents: 'none',
        willChange: 'transform',
      }}
    >
      <Box
        ref={knobRef}
        role="slider"
        tabIndex={0}
        aria-label="Playhead"
        aria-valuemin={0}
        aria-valuemax={window.end - window.start}
        onKeyDown={onKeyDown}
        sx={{
          position: 'absolute',
          top: 2,
          left: -6,
          width: 14,
          height: RULER_HEIGHT - 8,
          borderRadius: '4px 4px 7px 7px',
          bgcolor: '#e11d48',
          pointerEvents: 'auto',
          cursor: 'grab',
          outline: 'none',
          '&:focus-visible': { boxShadow: '0 0 0 3px rgba(225, 29, 72, 0.35)' },
        }}
      />
    </Box>
  );
}
