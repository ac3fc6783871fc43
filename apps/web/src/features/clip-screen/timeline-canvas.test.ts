import type { Gap } from '@roughcut/shared';
import { describe, expect, it } from 'vitest';
import { COLORS, RULER_HEIGHT, drawTimeline } from './timeline-canvas.ts';
import { resetZoom } from './timeline.rules.ts';

type Call = {
  op: string;
  args: (number | string)[];
  fill: string;
  stroke: string;
  dash: number[];
};

/** A 2D context that records what is drawn, with the colour and dash in force at each call. */
function recordingContext() {
  const calls: Call[] = [];
  let dash: number[] = [];
  const saved: { fill: string; stroke: string; dash: number[] }[] = [];
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textBaseline: '',
    setTransform: () => undefined,
    clearRect: () => undefined,
    beginPath: () => undefined,
    rect: () => undefined,
    clip: () => undefined,
    moveTo: () => undefined,
    lineTo: () => undefined,
    fillText: (...args: (number | string)[]) => record('fillText', args),
    measureText: (text: string) => ({ width: text.length * 6 }),
    setLineDash: (next: number[]) => {
      dash = next;
    },
    save: () => saved.push({ fill: ctx.fillStyle, stroke: ctx.strokeStyle, dash }),
    restore: () => {
      const last = saved.pop();
      if (last) [ctx.fillStyle, ctx.strokeStyle, dash] = [last.fill, last.stroke, last.dash];
    },
    fillRect: (...args: number[]) => record('fillRect', args),
    strokeRect: (...args: number[]) => record('strokeRect', args),
    stroke: () => record('stroke', []),
  };
  const record = (op: string, args: (number | string)[]) =>
    calls.push({ op, args, fill: ctx.fillStyle, stroke: ctx.strokeStyle, dash });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

// 20 s on 1000 px: 50 px a second.
const silence: Gap = { id: 'gap-1', start: 2, end: 4 };
const removedFiller: Gap = { id: 'gap-2', start: 6, end: 6.5, kind: 'filler' };
const keptFiller: Gap = { id: 'gap-3', start: 10, end: 10.4, kind: 'filler' };

function draw(
  gaps: Gap[],
  keptFillers: Gap[],
  more: Partial<Parameters<typeof drawTimeline>[1]> = {},
) {
  const { ctx, calls } = recordingContext();
  drawTimeline(
    ctx,
    {
      origin: 0,
      view: resetZoom(20),
      gaps,
      keptFillers,
      words: [],
      speech: [],
      waveform: undefined,
      active: null,
      ...more,
    },
    1000,
    1,
  );
  return calls;
}

const regionAt = (calls: Call[], left: number) =>
  calls.filter((c) => c.op === 'fillRect' && c.args[0] === left && c.args[1] === RULER_HEIGHT);

describe('timeline drawing of fillers', () => {
  it('draws a silence yellow and a removed filler magenta with stripes over it', () => {
    const calls = draw([silence, removedFiller], []);
    expect(regionAt(calls, 100).map((c) => c.fill)).toEqual([COLORS.gap, COLORS.gapEdge]);
    expect(regionAt(calls, 300).map((c) => c.fill)).toEqual([COLORS.filler, COLORS.fillerEdge]);
    const stripes = calls.filter((c) => c.op === 'stroke' && c.stroke === COLORS.fillerStripe);
    expect(stripes).toHaveLength(1);
  });

  it('draws no stripes when there are only silences', () => {
    const calls = draw([silence], []);
    expect(calls.some((c) => c.op === 'stroke' && c.stroke === COLORS.fillerStripe)).toBe(false);
  });

  it('outlines a kept filler with a dashed line and a faint fill, without grips', () => {
    const calls = draw([silence], [keptFiller]);
    const outline = calls.find((c) => c.op === 'strokeRect');
    expect(outline).toMatchObject({ stroke: COLORS.fillerEdge, dash: [4, 3] });
    expect(outline?.args[0]).toBeCloseTo(500.75);
    const fill = calls.find((c) => c.op === 'fillRect' && c.fill === COLORS.fillerKept);
    expect(fill?.args.slice(0, 1)).toEqual([500]);
    expect(fill?.args[2]).toBeCloseTo(20);
  });
});

describe('timeline drawing for issue 33', () => {
  const word = (text: string, start: number, end: number) => ({ text, start, end, confidence: 1 });

  it('writes a word whole, or its start and an ellipsis, never a letter cut in two', () => {
    // 50 px a second; the text measures 6 px a letter and keeps 3 px either side.
    const calls = draw([], [], {
      words: [word('Today', 1, 1.5), word('we', 2, 2.5), word('x', 3, 3.2)],
    });
    const texts = calls.filter((c) => c.op === 'fillText').map((c) => c.args[0]);
    expect(texts).toEqual(['To…', 'we']);
  });

  it('outlines the selected gap, and only it', () => {
    const calls = draw([silence, removedFiller], [], { selectedId: 'gap-2' });
    const outlines = calls.filter((c) => c.op === 'strokeRect' && c.stroke === COLORS.selectedEdge);
    expect(outlines).toHaveLength(1);
    expect(outlines[0]?.args[0]).toBeCloseTo(301.5);
  });

  it('draws the labelled ticks taller than the markers', () => {
    const calls = draw([], [], { labels: [0, 2, 4] });
    const tall = calls.filter((c) => c.op === 'fillRect' && c.args[3] === 12);
    expect(tall.map((c) => c.args[0])).toEqual([0, 100, 200]);
  });
});
