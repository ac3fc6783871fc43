import Box from '@mui/material/Box';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import type { Span, Word } from '@roughcut/shared';
import { useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { WORDS_HEIGHT, WORDS_TOP } from './timeline-canvas.ts';
import { visibleIndexRange } from './timeline-geometry.ts';
import { formatClipTime } from '../../lib/time.format.ts';

/** Beyond this many visible words the chips are left to the pointer (zoom in to tab through). */
export const MAX_FOCUSABLE_WORDS = 120;

/** The word whose whole text shows: hovered, tapped, or focused with the keyboard. */
export type WordTipState = { index: number; how: 'hover' | 'tap' | 'focus' } | null;

type Props = {
  words: readonly Word[];
  /** The visible source range, and source time to pixels. */
  from: number;
  to: number;
  toX: (source: number) => number;
  /** The clip window: times read from its start (issue 33's one clock). */
  window: Span;
  tip: WordTipState;
  onTip: (tip: WordTipState) => void;
  onSeek: (source: number) => void;
  /** Brings a word outside the view into it (arrow keys past the edge). */
  onReveal: (source: number) => void;
};

/**
 * Issue 33: every word chip shows its whole word on hover, tap (the timeline's pointer reports
 * both) or keyboard focus: focusable chips over the canvas (one tab stop, arrows move between
 * words, Enter plays from one) and one tooltip with the word and where it is on the clip.
 */
export function TimelineWords(props: Props) {
  const { words, from, to, toX, tip, onTip } = props;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [first, last] = visibleIndexRange(words, from, to);
  const focusable = last - first <= MAX_FOCUSABLE_WORDS;
  const pendingFocus = useRef<number | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const stop = tip?.how === 'focus' && tip.index >= first && tip.index < last ? tip.index : first;

  useLayoutEffect(() => {
    const index = pendingFocus.current;
    if (index === null || index < first || index >= last) return;
    pendingFocus.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-word-index="${index}"]`)?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const word = words[index];
    if (!word) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      props.onSeek(word.start);
      return;
    }
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const next = words[index + step];
    if (step === 0 || !next) return;
    event.preventDefault();
    if (next.start >= from && next.end <= to) {
      listRef.current?.querySelector<HTMLElement>(`[data-word-index="${index + step}"]`)?.focus();
      return;
    }
    // NOTE: a word out of view is brought into it first, and focused once its chip is drawn.
    pendingFocus.current = index + step;
    props.onReveal((next.start + next.end) / 2);
  };

  const shown = tip === null ? undefined : words[tip.index];
  const shownLeft = shown ? toX(shown.start) : 0;

  return (
    <>
      {focusable ? (
        <div
          ref={listRef}
          role="list"
          aria-label="Words"
          style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
        >
          {words.slice(first, last).map((word, i) => {
            const index = first + i;
            const left = toX(word.start);
            return (
              <Box
                key={index}
                role="listitem"
                tabIndex={index === stop ? 0 : -1}
                data-word-index={index}
                data-testid="word-chip"
                aria-label={`${word.text}, ${formatClipTime(word.start - props.window.start)}`}
                onFocus={() => onTip({ index, how: 'focus' })}
                onBlur={() => onTip(null)}
                onKeyDown={(event) => onKeyDown(event, index)}
                style={{ left, width: Math.max(2, toX(word.end) - left - 1) }}
                sx={{
                  position: 'absolute',
                  top: WORDS_TOP,
                  height: WORDS_HEIGHT,
                  borderRadius: '3px',
                  outline: 'none',
                  '&:focus-visible': { boxShadow: 'inset 0 0 0 2px #4f46e5' },
                }}
              />
            );
          })}
        </div>
      ) : null}
      {shown ? (
        // NOTE: where the tooltip points: the chip's place, laid over it.
        <div
          // NOTE: a new element when the chip moves, so the tooltip is placed again.
          key={`${tip?.index}:${Math.round(shownLeft)}`}
          ref={setAnchor}
          aria-hidden
          style={{
            position: 'absolute',
            top: WORDS_TOP,
            height: WORDS_HEIGHT,
            left: shownLeft,
            width: Math.max(1, toX(shown.end) - shownLeft),
            pointerEvents: 'none',
          }}
        />
      ) : null}
      <Popper
        open={shown !== undefined && anchor !== null}
        anchorEl={anchor}
        placement="top"
        data-testid="word-tip"
        sx={{ zIndex: 1500, pointerEvents: 'none' }}
      >
        {shown ? (
          <Box
            sx={{
              px: 1,
              py: 0.5,
              mb: 0.5,
              borderRadius: 1,
              bgcolor: 'rgba(15, 23, 42, 0.92)',
              color: '#fff',
              maxWidth: 280,
            }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {shown.text}
            </Typography>
            <Typography variant="caption" sx={{ opacity: 0.8, fontVariantNumeric: 'tabular-nums' }}>
              {formatClipTime(shown.start - props.window.start)} ·{' '}
              {Math.round(shown.confidence * 100)}% sure
            </Typography>
          </Box>
        ) : null}
      </Popper>
    </>
  );
}
