import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractAudio } from '../audio/extract-audio.ts';
import { probeMedia } from '../media/probe.ts';
import {
  makeSilentVideo,
  makeTalkingVideo,
  makeTextFileNamedMp4,
  makeTruncatedMp4,
} from '../testing/test-media.ts';
import type { TalkingVideo } from '../testing/test-media.ts';
import { EngineError } from '../types.ts';
import { probeAndExtract } from './probe-and-extract.ts';

let dir: string;
let talking: TalkingVideo;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'roughcut-probe-extract-'));
  talking = await makeTalkingVideo({
    dir,
    sentences: ['Hello and welcome.', 'The scan runs beside the sound.'],
    width: 640,
    height: 360,
  });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const codeOf = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return (error as EngineError).code;
};

describe('probeAndExtract', () => {
  it('gives what the probe and the extraction give one after the other', async () => {
    const wav = path.join(dir, 'both.wav');
    const stages: string[] = [];
    const probe = await probeAndExtract(talking.path, wav, {
      onExtracting: () => {
        stages.push('audio');
        return () => undefined;
      },
    });
    expect(stages).toEqual(['audio']);
    expect(probe).toEqual(await probeMedia(talking.path, { keyframes: true }));
    const alone = path.join(dir, 'alone.wav');
    await extractAudio(talking.path, alone);
    expect((await readFile(wav)).equals(await readFile(alone))).toBe(true);
  });

  it("reports the probe's error for a file that is no video, before any extraction", async () => {
    let extracting = false;
    const code = await codeOf(
      probeAndExtract(await makeTextFileNamedMp4({ dir }), path.join(dir, 'text.wav'), {
        onExtracting: () => {
          extracting = true;
          return () => undefined;
        },
      }),
    );
    expect(code).toBe('not_a_video');
    expect(extracting).toBe(false);
  });

  it("reports the probe's error, not the extraction's, for a video without sound", async () => {
    const file = await makeSilentVideo({ dir });
    expect(await codeOf(probeAndExtract(file, path.join(dir, 'silent.wav')))).toBe(
      'no_audio_stream',
    );
  });

  it("reports the packet scan's error for a file cut off mid-upload", async () => {
    const file = await makeTruncatedMp4(talking.path, { dir });
    expect(await codeOf(probeAndExtract(file, path.join(dir, 'cut.wav')))).toBe('truncated_file');
  });

  it('stops both when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    const error = await probeAndExtract(talking.path, path.join(dir, 'aborted.wav'), {
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
  });
});
