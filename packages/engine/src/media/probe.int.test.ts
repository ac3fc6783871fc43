import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAudioOnlyMp4,
  makeHevcVideo,
  makeLyingLengthMp4,
  makeOddSizeVideo,
  makeRotatedVideo,
  makeSilentVideo,
  makeTalkingVideo,
  makeTextFileNamedMp4,
  makeTruncatedMp4,
  makeVfrVideo,
  makeZeroLengthFile,
} from '../testing/test-media.ts';
import type { TalkingVideo } from '../testing/test-media.ts';
import { EngineError } from '../types.ts';
import { PROBE_MESSAGES } from './probe-errors.ts';
import type { ProbeErrorCode } from './probe-errors.ts';
import { probeMedia } from './probe.ts';

let dir: string;
let talking: TalkingVideo;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'roughcut-probe-'));
  talking = await makeTalkingVideo({
    dir,
    sentences: ['Hello and welcome.', 'This is a probe test.'],
    width: 640,
    height: 360,
  });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('probeMedia on files it accepts', () => {
  it('reads an H.264/AAC talking video', async () => {
    const result = await probeMedia(talking.path, { keyframes: true });
    expect(result).toMatchObject({
      width: 640,
      height: 360,
      displayWidth: 640,
      displayHeight: 360,
      rotation: 0,
      fps: 25,
      variableFrameRate: false,
      videoCodec: 'h264',
      audioCodec: 'aac',
      audioSampleRate: 48000,
    });
    expect(Math.abs(result.durationS - talking.durationS)).toBeLessThanOrEqual(1 / 25);
    expect(result.keyframes?.[0]).toBe(0);
    expect(result.sizeBytes).toBeGreaterThan(0);
  });

  it('reads HEVC', async () => {
    const result = await probeMedia(await makeHevcVideo({ dir }));
    expect(result).toMatchObject({ videoCodec: 'hevc', width: 640, height: 360 });
    expect(result.durationS).toBeCloseTo(2, 1);
  });

  it('flags a variable frame rate', async () => {
    const result = await probeMedia(await makeVfrVideo({ dir }));
    expect(result.variableFrameRate).toBe(true);
    expect(result.durationS).toBeCloseTo(3, 1);
  });

  it('reports the display size of a rotated phone video', async () => {
    const result = await probeMedia(await makeRotatedVideo({ dir }));
    expect(result).toMatchObject({
      width: 640,
      height: 360,
      rotation: 90,
      displayWidth: 360,
      displayHeight: 640,
    });
  });

  it('measures the length from the packets, not the header that claims 4,000,000 s', async () => {
    const lying = await makeLyingLengthMp4({ dir });
    const claimed = await probeMedia(lying, { scanPackets: false });
    expect(claimed.durationS).toBeGreaterThan(3_999_999);
    const result = await probeMedia(lying);
    expect(result.durationS).toBeGreaterThan(1.9);
    expect(result.durationS).toBeLessThanOrEqual(2.1);
    expect(result.videoEndS).toBeLessThanOrEqual(2.1);
  });

  it('reads an odd frame size as it is', async () => {
    const result = await probeMedia(await makeOddSizeVideo({ dir }));
    expect(result).toMatchObject({ width: 1279, height: 719, displayWidth: 1279 });
  });
});

describe('probeMedia on files it rejects', () => {
  const rejects = async (file: Promise<string>, code: ProbeErrorCode) => {
    const error = await probeMedia(await file).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe(code);
    expect((error as EngineError).message).toContain(PROBE_MESSAGES[code]);
  };

  it('a text file named .mp4 is not a video', () =>
    rejects(makeTextFileNamedMp4({ dir }), 'not_a_video'));
  it('a video without sound', () => rejects(makeSilentVideo({ dir }), 'no_audio_stream'));
  it('sound without a picture', () => rejects(makeAudioOnlyMp4({ dir }), 'no_video_stream'));
  it('an empty file', () => rejects(makeZeroLengthFile({ dir }), 'zero_length'));
  it('a file cut off mid-upload', () =>
    rejects(makeTruncatedMp4(talking.path, { dir }), 'truncated_file'));
  it('a file cut off before its index', () =>
    rejects(
      makeTruncatedMp4(talking.path, { dir, name: 'head-only', keepFraction: 0.002 }),
      'truncated_file',
    ));
  it('a missing file', () =>
    rejects(Promise.resolve(path.join(dir, 'nope.mp4')), 'file_not_found'));

  it('tells the user what to do', async () => {
    const error = (await probeMedia(await makeZeroLengthFile({ dir, name: 'empty2' })).catch(
      (e: unknown) => e,
    )) as EngineError;
    expect(error.message).toMatch(/Upload/);
  });
});
