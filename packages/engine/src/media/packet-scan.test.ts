import { describe, expect, it } from 'vitest';
import { createPacketScanner, isVariableFrameRate, measuredLengths } from './packet-scan.ts';

describe('packet scanner', () => {
  it('collects keyframes and frame-duration spread across split chunks', () => {
    const s = createPacketScanner(0, 1);
    s.write('0,0.000000,0.000000,0.033333,K_\n1,0.0,0.0,0.021,K_\n0,0.03');
    s.write('3333,0.033333,0.033333,__\n0,2.0,2.0,0.066666,K_\n');
    const scan = s.end();
    expect(scan).toMatchObject({ videoPackets: 3, audioPackets: 1, keyframes: [0, 2] });
    expect(isVariableFrameRate(scan)).toBe(true);
    expect(scan).toMatchObject({ openKeyframes: 0, reorders: false });
  });

  const scanOf = (lines: string[]) => {
    const s = createPacketScanner(0, 1);
    s.write(`${lines.map((l) => `0,${l}`).join('\n')}\n`);
    return s.end();
  };

  it('sees a variable rate in the pictures’ times when the packets’ durations do not show it', () => {
    // NOTE: as ffprobe prints a phone's jittered HEVC with B-frames: x265's packets all state
    // the nominal duration, x264's one tick, some none.
    const times = [0, 0.138111, 0.072356, 0.033322, 0.106656, 0.268067, 0.196167, 0.176922];
    for (const duration of ['0.033333', '0.001667', 'N/A']) {
      const lines = times.map((t, i) => `${t},${t - 0.07},${duration},${i ? '__' : 'K_'}`);
      expect(isVariableFrameRate(scanOf(lines)), duration).toBe(true);
    }
    // B-frames at a constant rate: shown in another order, each for a frame.
    const steady = [0, 3, 1, 2, 6, 4, 5, 9, 7, 8].map((f, i) =>
      [(f / 30).toFixed(6), ((i - 2) / 30).toFixed(6), '0.001667', i ? '__' : 'K_'].join(','),
    );
    const scan = scanOf(steady);
    expect(isVariableFrameRate(scan)).toBe(false);
    expect(scan.minStepS).toBeCloseTo(1 / 30, 5);
    // 29.97 on a 1/600 s clock: 20 and 21 ticks, a constant rate.
    const ticks = Array.from({ length: 40 }, (_, i) => Math.round((i * 600 * 1001) / 30000));
    const clocked = ticks.map((t) => `${(t / 600).toFixed(6)},${(t / 600).toFixed(6)},N/A,__`);
    expect(isVariableFrameRate(scanOf(clocked))).toBe(false);
  });

  it('sees B-frames as pictures shown before ones decoded earlier', () => {
    // Decode order I0 P3 B1 B2 P6 B4 B5, closed GOPs.
    const frames = [0, 3, 1, 2, 6, 4, 5].map((f, i) =>
      [(f / 30).toFixed(6), (i / 30).toFixed(6), '0.033333', i === 0 ? 'K_' : '__'].join(','),
    );
    expect(scanOf(frames)).toMatchObject({ reorders: true, keyframes: [0], openKeyframes: 0 });
  });

  it('leaves out open keyframes: a later picture is shown before them', () => {
    // I0 P2 B1 | I5 B3 B4 (leading pictures of an open GOP) P7 B6.
    const order: [number, boolean][] = [
      [0, true],
      [2, false],
      [1, false],
      [5, true],
      [3, false],
      [4, false],
      [7, false],
      [6, false],
    ];
    const scan = scanOf(
      order.map(([f, k], i) =>
        [(f / 30).toFixed(6), (i / 30).toFixed(6), '0.033333', k ? 'K_' : '__'].join(','),
      ),
    );
    expect(scan.keyframes).toEqual([0]);
    expect(scan.openKeyframes).toBe(1);
    expect(scan.reorders).toBe(true);
  });
});

describe('measured lengths', () => {
  const scan = (videoEndS: number, audioEndS: number) => {
    const s = createPacketScanner(0, 1);
    s.write(
      `0,${videoEndS - 0.04},${videoEndS - 0.04},0.040000,K_\n1,${audioEndS - 0.02},${audioEndS - 0.02},0.020000,K_\n`,
    );
    return s.end();
  };

  it('takes the packets over a header that claims far more', () => {
    const packets = scan(10, 10.02);
    expect(packets.videoEndS).toBe(10);
    expect(packets.audioEndS).toBeCloseTo(10.02, 6);
    expect(measuredLengths({ durationS: 36_000_000, videoEndS: 36_000_000 }, packets, 0)).toEqual({
      durationS: 10.02,
      videoEndS: 10,
    });
  });

  it('keeps a claim within half a second of the packets, and counts from the file start', () => {
    expect(measuredLengths({ durationS: 10.3 }, scan(10, 10), 0)).toEqual({ durationS: 10.3 });
    expect(measuredLengths({ durationS: 9 }, scan(11, 11), 1.5).durationS).toBe(9);
    expect(measuredLengths({ durationS: 20 }, scan(11, 11), 1).durationS).toBe(10);
  });
});
