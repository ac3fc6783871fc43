import { describe, expect, it } from 'vitest';
import { CELL, CHANGE_RULES, sceneChanged, thumbnail } from './frame-change.rules.ts';

const W = 384;
const H = 216;

/** A grey frame with a bright square (a "face") at x, and optionally a dark bar (a "mouth"). */
function frame(x: number, mouth = false) {
  const rgb = new Uint8Array(W * H * 3).fill(90);
  const paint = (x0: number, y0: number, w: number, h: number, level: number) => {
    for (let y = y0; y < y0 + h; y++) {
      for (let c = x0; c < x0 + w; c++) rgb.fill(level, (y * W + c) * 3, (y * W + c) * 3 + 3);
    }
  };
  paint(x, 40, 96, 120, 220);
  if (mouth) paint(x + 24, 120, 48, 24, 20);
  return { width: W, height: H, rgb };
}

describe('thumbnail', () => {
  it('averages the grey level of each cell', () => {
    const t = thumbnail(frame(0));
    expect(t).toMatchObject({ cols: W / CELL, rows: H / CELL });
    expect(t.levels[0]).toBe(90);
    expect(t.levels[(48 / CELL) * (W / CELL) + 1]).toBe(220);
  });
});

describe('sceneChanged', () => {
  it('keeps a still frame as the same scene, and a talking one when its mouth is ignored', () => {
    expect(sceneChanged(thumbnail(frame(40)), thumbnail(frame(40)))).toBe(false);
    const talking = thumbnail(frame(40, true));
    expect(sceneChanged(thumbnail(frame(40)), talking)).toBe(true);
    const mouth = { x0: 64, y0: 120, x1: 112, y1: 144 };
    expect(sceneChanged(thumbnail(frame(40)), talking, [mouth])).toBe(false);
  });

  it('sees a face that moved or left', () => {
    expect(sceneChanged(thumbnail(frame(40)), thumbnail(frame(60)))).toBe(true);
    expect(sceneChanged(thumbnail(frame(40)), thumbnail(frame(250)))).toBe(true);
  });

  it('compares with the last detected frame more loosely, so slow light drift is let through', () => {
    const lighter = frame(40);
    for (let i = 0; i < lighter.rgb.length; i++) lighter.rgb[i] = lighter.rgb[i]! + 20;
    const [a, b] = [thumbnail(frame(40)), thumbnail(lighter)];
    expect(sceneChanged(a, b)).toBe(true);
    expect(sceneChanged(a, b, [], CHANGE_RULES.driftLevels)).toBe(false);
    expect(sceneChanged(a, thumbnail(frame(60)), [], CHANGE_RULES.driftLevels)).toBe(true);
  });

  it('treats frames of other sizes as changed', () => {
    const small = { width: 192, height: 108, rgb: new Uint8Array(192 * 108 * 3) };
    expect(sceneChanged(thumbnail(frame(40)), thumbnail(small))).toBe(true);
  });
});
