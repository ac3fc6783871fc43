import { describe, expect, it } from 'vitest';
import { EngineError } from '../types.ts';
import { buildPacketScanArgs } from './packet-scan.ts';
import { classifyProbeFailure } from './probe-errors.ts';
import {
  buildProbeArgs,
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
