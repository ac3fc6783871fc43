import { describe, expect, it } from 'vitest';
import {
  centerOn,
  clampViewportStart,
  clampZoom,
  gapFooterLabel,
  markerSpacing,
  panViewport,
  pixelToTime,
  resetZoom,
  rulerMarkers,
  timelineDescription,
  timeToPixel,
  viewingLabel,
  visibleDuration,
  visibleWindow,
  zoomAround,
  zoomByWheel,
  zoomLabel,
} from './timeline.rules.ts';
import { initialGapEditState } from './gap-editing.rules.ts';

describe('zoom', () => {
  it('steps 1.1x per wheel tick within 1x-10x', () => {
    expect(zoomByWheel(1, -100)).toBeCloseTo(1.1, 10);
    expect(zoomByWheel(1.1, 100)).toBeCloseTo(1, 10);
    expect(zoomByWheel(1, 100)).toBe(1);
    expect(zoomByWheel(9.5, -1)).toBe(10);
    expect(zoomByWheel(3, 0)).toBe(3);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(zoomLabel(1.21000001)).toBe('1.21x');
  });

  it('spaces markers by zoom', () => {
    expect(markerSpacing(10)).toBe(0.5);
    expect(markerSpacing(8)).toBe(0.5);
    expect(markerSpacing(7.99)).toBe(1);
    expect(markerSpacing(5)).toBe(1);
    expect(markerSpacing(4.99)).toBe(5);
    expect(markerSpacing(3)).toBe(5);
    expect(markerSpacing(2.99)).toBe(10);
    expect(markerSpacing(1.5)).toBe(10);
    expect(markerSpacing(1.49)).toBe(30);
    expect(markerSpacing(1)).toBe(30);
  });
});

describe('viewport', () => {
  const v = { duration: 100, zoom: 4, viewportStart: 10 };

  it('shows duration / zoom seconds and clamps panning', () => {
    expect(visibleDuration(100, 4)).toBe(25);
    expect(visibleDuration(0, 4)).toBe(0);
    expect(clampViewportStart(-5, 100, 4)).toBe(0);
    expect(clampViewportStart(90, 100, 4)).toBe(75);
    expect(clampViewportStart(30, 100, 1)).toBe(0);
    expect(visibleWindow(v)).toEqual({ start: 10, end: 35 });
  });

  it('converts time and pixels both ways', () => {
    expect(timeToPixel(22.5, v, 1000)).toBe(500);
    expect(pixelToTime(500, v, 1000)).toBe(22.5);
    expect(pixelToTime(-100, { ...v, viewportStart: 0 }, 1000)).toBe(0);
    expect(pixelToTime(5000, { ...v, viewportStart: 75 }, 1000)).toBe(100);
    expect(timeToPixel(10, v, 0)).toBe(0);
  });

  it('pans by wheel pixels and stops at the ends', () => {
    expect(panViewport(v, 200, 1000)).toBe(15);
    expect(panViewport(v, -10_000, 1000)).toBe(0);
    expect(panViewport(v, 10_000, 1000)).toBe(75);
  });

  it('zooms around the pointer, keeping its time in place', () => {
    const next = zoomAround(v, -1, 22.5);
    expect(next.zoom).toBeCloseTo(4.4, 10);
    expect(timeToPixel(22.5, next, 1000)).toBeCloseTo(500, 6);
  });

  it('centers on the playhead and resets', () => {
    expect(centerOn(v, 50)).toBe(37.5);
    expect(centerOn(v, 2)).toBe(0);
    expect(centerOn(v, 99)).toBe(75);
    expect(resetZoom(100)).toEqual({ duration: 100, zoom: 1, viewportStart: 0 });
  });

  it('places ruler markers on multiples of the spacing', () => {
    expect(rulerMarkers({ duration: 100, zoom: 1, viewportStart: 0 })).toEqual([0, 30, 60, 90]);
    expect(rulerMarkers({ duration: 10, zoom: 10, viewportStart: 2.2 })).toEqual([2.5, 3]);
  });

  it('reads "Viewing: start - end of total"', () => {
    // Issue 33: on the clip screen's one clock.
    expect(viewingLabel({ duration: 90, zoom: 1, viewportStart: 0 })).toBe(
      'Viewing: 0:00.0 - 1:30.0 of 1:30.0',
    );
    expect(viewingLabel({ duration: 100, zoom: 4, viewportStart: 10 })).toBe(
      'Viewing: 0:10.0 - 0:35.0 of 1:40.0',
    );
  });
});

describe('description', () => {
  it('reports count, total gap time, length and percent deleted with 2 decimals', () => {
    const gaps = [
      { id: 'gap-0', start: 0, end: 1.5 },
      { id: 'gap-1', start: 10, end: 12 },
    ];
    const state = initialGapEditState(gaps);
    expect(timelineDescription(state, 90)).toEqual([
      '2 gaps found, 0 gaps deleted',
      'Total gap time: 3.5s of 1m 30s video length',
      '3.89% of the video deleted',
    ]);
    expect(timelineDescription(initialGapEditState([]), 0)[2]).toBe('0.00% of the video deleted');
  });

  it('counts the gaps as the clip screen does: a deleted gap is still found, a filler is not', () => {
    const silence = { id: 'gap-0', start: 0, end: 1 };
    const deleted = { id: 'gap-1', start: 3, end: 4 };
    const filler = { id: 'gap-2', start: 5, end: 5.4, kind: 'filler' as const };
    const state = initialGapEditState([silence, filler], [silence, deleted, filler]);
    expect(timelineDescription(state, 10)).toEqual([
      '2 gaps found, 1 gap deleted',
      'Total gap time: 1.4s of 10s video length',
      '14.00% of the video deleted',
    ]);
  });

  it('shows the footer of gaps found and deleted', () => {
    expect(gapFooterLabel({ found: 5, deleted: 2 })).toBe('5 gaps found, 2 gaps deleted');
    expect(gapFooterLabel({ found: 1, deleted: 0 })).toBe('1 gap found, 0 gaps deleted');
  });

  it('gives back the kind a cut confirmed without it lost, from the detected gap of its id', () => {
    const state = initialGapEditState(
      [{ id: 'gap-2', start: 5, end: 5.4 }],
      [
        { id: 'gap-1', start: 3, end: 4 },
        { id: 'gap-2', start: 5, end: 5.4, kind: 'filler' },
      ],
    );
    expect(state.gaps).toEqual([{ id: 'gap-2', start: 5, end: 5.4, kind: 'filler' }]);
    expect(state.deletedGaps.map((g) => g.id)).toEqual(['gap-1']);
  });
});
