import { describe, expect, it } from 'vitest';
import { DEFAULT_WORK_SPEEDS, expectedSeconds } from '@roughcut/shared';
import type { ClipPlan } from '../edit/index.ts';
import { analysisAt, analysisPlan, createRunProgressTracker, renderPlan } from './run-progress.ts';

const plan = (over: Partial<ClipPlan>): ClipPlan =>
  ({ isLongForm: false, reframe: 'centre', framing: null, ...over }) as ClipPlan;

describe('the run progress tracker', () => {
  it('names the stage of the piece running and estimates the rest from the speeds', () => {
    const tracker = createRunProgressTracker({ transcribe: { fixedS: 0, perS: 0.5 } });
    tracker.plan(analysisPlan({ videoProbe: { durationS: 100 } as never }));
    expect(tracker.detail(0)).toBeNull();
    tracker.report(analysisAt({ stage: 'probe', fraction: 0 }), 0);
    expect(tracker.detail(0)).toMatchObject({ stage: 'reading', clip: null });
    tracker.report(analysisAt({ stage: 'transcribe', fraction: 0 }), 10_000);
    const left = tracker.detail(10_000)?.secondsLeft ?? 0;
    const rest =
      expectedSeconds(DEFAULT_WORK_SPEEDS.phrases, 100) +
      expectedSeconds(DEFAULT_WORK_SPEEDS.clips, 100);
    expect(left).toBeCloseTo(50 + rest, 1);
    // Half done in 10 s: the piece's own pace (10 s more) pulls the estimate down from 25 s.
    tracker.report(analysisAt({ stage: 'transcribe', fraction: 0.5 }), 20_000);
    expect(tracker.detail(20_000)?.secondsLeft).toBeCloseTo(0.5 * 10 + 0.5 * 25 + rest, 1);
    expect(tracker.detail(20_000)?.stage).toBe('transcribing');
  });

  it('measures each piece that ran to its end, and ignores a late report of an earlier one', () => {
    const tracker = createRunProgressTracker({});
    tracker.plan(analysisPlan({ videoProbe: { durationS: 20 } as never }));
    tracker.report(analysisAt({ stage: 'audio', fraction: 0 }), 0);
    tracker.report(analysisAt({ stage: 'transcribe', fraction: 0 }), 1000);
    tracker.report(analysisAt({ stage: 'audio', fraction: 1 }), 1500);
    expect(tracker.detail(1500)?.stage).toBe('transcribing');
    expect(tracker.samples(9000)).toEqual([
      { kind: 'audio', videoS: 20, seconds: 1 },
      { kind: 'transcribe', videoS: 20, seconds: 8 },
    ]);
  });
});

describe('renderPlan', () => {
  it('numbers the clips, adds the framing search where no plan is stored, skips clips made', () => {
    const { items, pieces } = renderPlan([
      { plan: plan({ isLongForm: true }), keptS: 60, make: true },
      { plan: plan({ reframe: 'follow' }), keptS: 20, make: true },
      {
        plan: plan({ reframe: 'follow', framing: { mode: 'follow', path: [] } }),
        keptS: 15,
        make: true,
      },
      { plan: plan({}), keptS: 10, make: false },
    ]);
    expect(items).toEqual([
      { kind: 'render-long', videoS: 60, clip: { number: 1, count: 4 } },
      { kind: 'framing', videoS: 20, clip: { number: 2, count: 4 } },
      { kind: 'render-short', videoS: 20, clip: { number: 2, count: 4 } },
      { kind: 'render-short', videoS: 15, clip: { number: 3, count: 4 } },
    ]);
    expect(pieces).toEqual([
      { framing: null, render: 0 },
      { framing: 1, render: 2 },
      { framing: null, render: 3 },
      null,
    ]);
  });
});
