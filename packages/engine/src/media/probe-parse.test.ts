import { describe, expect, it } from 'vitest';
import { EngineError } from '../types.ts';
import {
  buildPacketScanArgs,
  buildProbeArgs,
  classifyProbeFailure,
  createPacketScanner,
  measuredLengths,
  isVariableFrameRate,
  nominalFps,
  normaliseRotation,
  parseProbeOutput,
  startTimecode,
} from './probe-parse.ts';

const video = {
  index: 0,
  codec_type: 'video',
  codec_name: 'h264',
  width: 1920,
  height: 1080,
  sample_aspect_ratio: '1:1',
  r_frame_rate: '30000/1001',
  avg_frame_rate: '30000/1001',
  duration: '10.01',
};
const audio = {
  index: 1,
  codec_type: 'audio',
  codec_name: 'aac',
  sample_rate: '48000',
  channels: 2,
};
const probe = (streams: object[], duration = '10.0') =>
  JSON.stringify({ streams, format: { format_name: 'mov,mp4', duration, bit_rate: '1000' } });
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof EngineError ? e.code : 'other';
  }
  return 'none';
};

describe('probe arguments', () => {
  it('ends options before the path so a name starting with - is never an option', () => {
    expect(buildProbeArgs('-x.mp4').slice(-2)).toEqual(['--', '-x.mp4']);
    expect(buildPacketScanArgs('a.mp4')).toContain(
      'packet=stream_index,pts_time,dts_time,duration_time,flags',
    );
  });
});

describe('parseProbeOutput', () => {
  it('reads a normal video', () => {
    const r = parseProbeOutput(probe([video, audio]), 123);
    expect(r).toMatchObject({
      durationS: 10.01,
      width: 1920,
      displayWidth: 1920,
      displayHeight: 1080,
      rotation: 0,
      videoCodec: 'h264',
      audioCodec: 'aac',
      audioSampleRate: 48000,
      audioChannels: 2,
      variableFrameRate: false,
      sizeBytes: 123,
    });
    expect(r.fps).toBeCloseTo(29.97, 2);
  });

  it('places each stream on the file timeline, counted from the file start', () => {
    const late = JSON.stringify({
      streams: [
        { ...video, start_time: '0.400000' },
        { ...audio, start_time: '0.000000' },
      ],
      format: { format_name: 'mov,mp4', duration: '12', start_time: '0.000000' },
    });
    expect(parseProbeOutput(late, 1)).toMatchObject({
      videoStartS: 0.4,
      audioStartS: 0,
      videoEndS: 10.41,
    });
    const shifted = JSON.stringify({
      streams: [
        { ...video, start_time: '1.500000' },
        { ...audio, start_time: '1.478000' },
      ],
      format: { format_name: 'mov,mp4', duration: '12', start_time: '1.478000' },
    });
    expect(parseProbeOutput(shifted, 1)).toMatchObject({ videoStartS: 0.022, audioStartS: 0 });
    expect(parseProbeOutput(probe([video, audio]), 1)).toMatchObject({
      videoStartS: 0,
      audioStartS: 0,
    });
  });

  it('swaps the display size for rotation metadata', () => {
    const rotated = {
      ...video,
      side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }],
    };
    expect(parseProbeOutput(probe([rotated, audio]), 1)).toMatchObject({
      rotation: 270,
      displayWidth: 1080,
      displayHeight: 1920,
    });
    expect(normaliseRotation(-180)).toBe(180);
  });

  it('flags a container-declared variable frame rate', () => {
    const vfr = { ...video, r_frame_rate: '60/1', avg_frame_rate: '2997/100' };
    expect(parseProbeOutput(probe([vfr, audio]), 1).variableFrameRate).toBe(true);
  });

  it('counts a constant rate at its exact nominal rate, not an average rounded off it', () => {
    // NOTE: 23.976 in 1/90000 ticks and 59.94 cut short: averages a hair off r_frame_rate.
    const at = (r: string, avg: string) =>
      parseProbeOutput(probe([{ ...video, r_frame_rate: r, avg_frame_rate: avg }, audio]), 1).fps;
    expect(at('24000/1001', '10980000/457957')).toBe(24000 / 1001);
    expect(at('60000/1001', '13770000/229729')).toBe(60000 / 1001);
    expect(at('30000/1001', '2997/100')).toBe(30000 / 1001);
    // A variable rate keeps its average: r_frame_rate is then only the clock's guess.
    expect(at('90000/1', '1350000/44881')).toBe(1350000 / 44881);
    expect(at('30/1', '2950/100')).toBe(29.5);
    expect(at('0/0', '25/1')).toBe(25);
    expect(at('25/1', '0/0')).toBe(25);
    expect(nominalFps(29.9, 30)).toBe(29.9);
  });

  it("reads a camera's start timecode from the picture's tag or a timecode track", () => {
    const tmcd = { index: 2, codec_type: 'data', tags: { timecode: '00:00:58;00' } };
    expect(parseProbeOutput(probe([video, audio, tmcd]), 1).timecode).toBe('00:00:58;00');
    const tagged = { ...video, tags: { timecode: '01:00:00:00' } };
    expect(parseProbeOutput(probe([tagged, audio, tmcd]), 1).timecode).toBe('01:00:00:00');
    // NOTE: ffmpeg takes any separator but ':' before the frames as drop-frame.
    const dotted = { ...tmcd, tags: { timecode: '10:00:00.02' } };
    expect(parseProbeOutput(probe([video, audio, dotted]), 1).timecode).toBe('10:00:00;02');
    expect(parseProbeOutput(probe([video, audio]), 1)).not.toHaveProperty('timecode');
    const junk = { ...tmcd, tags: { timecode: 'soon' } };
    expect(startTimecode([video, audio, junk])).toBeUndefined();
  });

  it('rejects with the user reason', () => {
    expect(codeOf(() => parseProbeOutput(probe([audio]), 1))).toBe('no_video_stream');
    expect(codeOf(() => parseProbeOutput(probe([video]), 1))).toBe('no_audio_stream');
    expect(codeOf(() => parseProbeOutput(probe([]), 1))).toBe('not_a_video');
    expect(
      codeOf(() => parseProbeOutput(probe([{ ...video, duration: '0' }, audio], '0'), 1)),
    ).toBe('zero_length');
    expect(codeOf(() => parseProbeOutput('{', 1))).toBe('corrupt_file');
  });

  it('tells a cut-off mp4 from a file that is not a video', () => {
    const mp4Head = Buffer.from('\0\0\0\x20ftypisom', 'latin1');
    expect(classifyProbeFailure('moov atom not found', mp4Head).code).toBe('truncated_file');
    expect(classifyProbeFailure('Invalid data found', Buffer.from('hello world\n')).code).toBe(
      'not_a_video',
    );
  });
});

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
