// Real media for the server's tests, made at test time by the engine's generator: flite speaking
// short sentences with known silences between them. Kept small (about 13 s, 640x360) so the
// pipeline stays quick on two cores.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { makeSilentVideo, makeTalkingVideo, makeTruncatedMp4 } from '@roughcut/engine/testing';

export const TALK_SENTENCES = [
  'Welcome to the video editing test',
  'We remove the silent gaps between sentences',
  'And we make short vertical clips with subtitles',
];

/** A talking .mp4 (H.264/AAC, 640x360, about 13 s) in `dir`; made once per folder. */
export async function talkingVideo(dir: string): Promise<string> {
  const out = path.join(dir, 'talk.mp4');
  if (await exists(out)) return out;
  const video = await makeTalkingVideo({
    dir,
    name: 'talk',
    sentences: TALK_SENTENCES,
    silenceS: [1.5, 1.2],
    leadInS: 1,
    tailS: 1,
    width: 640,
    height: 360,
  });
  return video.path;
}

/** A valid .mp4 with a picture and no sound track. */
export async function silentVideo(dir: string): Promise<string> {
  const out = path.join(dir, 'no-audio.mp4');
  if (await exists(out)) return out;
  return makeSilentVideo({ dir, name: 'no-audio', durationS: 3 });
}

/** The talking video cut off after 40% of its bytes (an interrupted export). */
export async function truncatedVideo(dir: string): Promise<string> {
  const out = path.join(dir, 'truncated.mp4');
  if (await exists(out)) return out;
  return makeTruncatedMp4(await talkingVideo(dir), { dir, name: 'truncated', keepFraction: 0.4 });
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}
