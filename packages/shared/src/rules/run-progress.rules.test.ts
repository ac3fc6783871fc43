import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WORK_SPEEDS,
  addSpeedSample,
  estimateSecondsLeft,
  expectedSeconds,
  formatTimeLeft,
  runProgressView,
  runStageLabel,
  speedFromSums,
  workSample,
} from './run-progress.rules.ts';
import type { SpeedSums, WorkItem, WorkSpeed } from './run-progress.rules.ts';

const analysis = (videoS: number): WorkItem[] =>
  (['probe', 'audio', 'energy', 'transcribe', 'phrases', 'clips'] as const).map((kind) => ({
    kind,
    videoS,
  }));

describe('runStageLabel', () => {
  it('names the stage, and the clip of a render', () => {
    expect(runStageLabel('transcribing')).toBe('Transcribing');
    expect(runStageLabel('reading')).toBe('Reading the video');
    expect(runStageLabel('rendering', { number: 2, count: 4 })).toBe('Rendering clip 2 of 4');
    expect(runStageLabel('framing', { number: 1, count: 3 })).toBe('Framing clip 1 of 3');
  });
});

describe('estimateSecondsLeft', () => {
  const per = (perS: number): WorkSpeed => ({ fixedS: 0, perS });
  const speeds = {
    transcribe: per(0.5),
    probe: per(0),
    audio: per(0),
    energy: per(0),
    phrases: per(0),
    clips: per(0),
  };

  it('adds every later piece at its measured speed', () => {
    // Transcription not begun: 600 s of video at 0.5 s per second.
    const left = estimateSecondsLeft({
      items: analysis(600),
      current: 2,
      fraction: 0,
      elapsedS: 0,
      speeds,
    });
    expect(left).toBe(300);
  });

  it('goes by the measured speed early in a piece, and by its own pace later on', () => {
    const items = analysis(600);
    // 10% done in 30 s (it was expected to take 300 s): the rate says 270 s, the pace 270 s.
    expect(
      estimateSecondsLeft({ items, current: 3, fraction: 0.1, elapsedS: 30, speeds }),
    ).toBeCloseTo(270);
    // Half done in 60 s on a machine twice as fast as measured: nearer the pace's 60 s.
    const fast = estimateSecondsLeft({ items, current: 3, fraction: 0.5, elapsedS: 60, speeds });
    expect(fast).toBeCloseTo(0.5 * 60 + 0.5 * 150);
    // 90% done: almost only the pace counts.
    const late = estimateSecondsLeft({ items, current: 3, fraction: 0.9, elapsedS: 90, speeds });
    expect(late).toBeCloseTo(0.9 * 10 + 0.1 * 30);
  });

  it('counts a piece without a fraction down, and keeps some of it once overrun', () => {
    const items: WorkItem[] = [{ kind: 'framing', videoS: 100 }];
    const speeds2 = { framing: per(0.4) };
    expect(
      estimateSecondsLeft({ items, current: 0, fraction: 0, elapsedS: 10, speeds: speeds2 }),
    ).toBe(30);
    expect(
      estimateSecondsLeft({ items, current: 0, fraction: 0, elapsedS: 200, speeds: speeds2 }),
    ).toBeCloseTo(4);
  });

  it('uses the built-in speeds for pieces this server has not measured', () => {
    const items: WorkItem[] = [
      { kind: 'render-short', videoS: 30, clip: { number: 1, count: 2 } },
      { kind: 'render-short', videoS: 20, clip: { number: 2, count: 2 } },
    ];
    const builtIn = DEFAULT_WORK_SPEEDS['render-short'];
    expect(estimateSecondsLeft({ items, current: 0, fraction: 0, elapsedS: 0, speeds: {} })).toBe(
      expectedSeconds(builtIn, 30) + expectedSeconds(builtIn, 20),
    );
  });

  it('is never negative and ignores a fraction that is not a number', () => {
    const items = analysis(10);
    expect(
      estimateSecondsLeft({ items, current: 5, fraction: Number.NaN, elapsedS: 0, speeds }),
    ).toBe(0);
    expect(estimateSecondsLeft({ items, current: 9, fraction: 1, elapsedS: 5, speeds })).toBe(0);
  });
});

describe('the measured speed of a kind of piece', () => {
  const fallback: WorkSpeed = { fixedS: 5, perS: 0.1 };
  const sums = (pairs: [number, number][]): SpeedSums =>
    pairs.reduce<SpeedSums | undefined>((acc, [x, y]) => addSpeedSample(acc, x, y), undefined) ?? {
      n: 0,
      x: 0,
      y: 0,
      xx: 0,
      xy: 0,
    };

  it('fits a start-up time and a time per second once videos of different lengths ran', () => {
    // 6 s to start, then 0.3 s per second of video.
    const speed = speedFromSums(
      sums([
        [15, 10.5],
        [60, 24],
        [20, 12],
      ]),
      fallback,
    );
    expect(speed.fixedS).toBeCloseTo(6, 5);
    expect(speed.perS).toBeCloseTo(0.3, 5);
    expect(expectedSeconds(speed, 600)).toBeCloseTo(186, 3);
  });

  it('keeps the built-in start-up from runs of one length, never more than they took', () => {
    const same = speedFromSums(
      sums([
        [15, 8],
        [15, 8],
      ]),
      fallback,
    );
    expect(same.fixedS).toBe(5);
    expect(same.perS).toBeCloseTo(0.2, 5);
    expect(speedFromSums(sums([[15, 3]]), fallback)).toEqual({ fixedS: 3, perS: 0 });
    expect(speedFromSums(sums([]), fallback)).toBe(fallback);
  });

  it('lets the latest runs count most, so a changed machine shows within a few runs', () => {
    let acc = sums([
      [30, 30],
      [30, 30],
      [30, 30],
    ]);
    for (let i = 0; i < 8; i += 1) acc = addSpeedSample(acc, 30, 15);
    expect(expectedSeconds(speedFromSums(acc, { fixedS: 0, perS: 1 }), 30)).toBeLessThan(18);
  });

  it('measures only pieces with a length and a time', () => {
    expect(workSample({ kind: 'transcribe', videoS: 60 }, 15)).toEqual({
      kind: 'transcribe',
      videoS: 60,
      seconds: 15,
    });
    expect(workSample({ kind: 'transcribe', videoS: 0 }, 15)).toBeNull();
    expect(workSample({ kind: 'transcribe', videoS: 60 }, 0)).toBeNull();
  });
});

describe('formatTimeLeft', () => {
  it('says it in words a reader takes in at a glance', () => {
    expect(formatTimeLeft(4)).toBe('a few seconds left');
    expect(formatTimeLeft(42)).toBe('less than a minute left');
    expect(formatTimeLeft(61)).toBe('about 2 min left');
    expect(formatTimeLeft(180)).toBe('about 3 min left');
    expect(formatTimeLeft(3600)).toBe('about 1 h left');
    expect(formatTimeLeft(4800)).toBe('about 1 h 20 min left');
    expect(formatTimeLeft(Number.NaN)).toBe('');
  });
});

describe('runProgressView', () => {
  it('shows the stage and the time left of a processing run', () => {
    expect(
      runProgressView({
        stage: 'rendering',
        stage_clip: { number: 2, count: 4 },
        seconds_left: 95,
      }),
    ).toEqual({ stage: 'Rendering clip 2 of 4', timeLeft: 'about 2 min left' });
    expect(runProgressView({ stage: 'transcribing', seconds_left: null })).toEqual({
      stage: 'Transcribing',
      timeLeft: null,
    });
    expect(runProgressView({ stage: null, seconds_left: 10 })).toBeNull();
    expect(runProgressView({})).toBeNull();
  });
});
