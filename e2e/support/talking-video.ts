import { mkdir } from 'node:fs/promises';
import { makeTalkingVideo as makeEngineTalkingVideo } from '@roughcut/engine/testing';

export type TalkingVideo = { file: string; durationS: number; silenceS: number; sentences: number };

const SENTENCES = [
  'Welcome to this short video about editing.',
  'Today I will show you how rough cuts save hours of work.',
  'First we remove the silent gaps between the phrases.',
  'Then we find the most engaging moments for short clips.',
];
const SILENCE_S = 1.2;

/** A ~15 s 1280x720 talking video: flite reads sentences with 1.2 s of silence between them. */
export async function makeTalkingVideo(dir: string): Promise<TalkingVideo> {
  await mkdir(dir, { recursive: true });
  const video = await makeEngineTalkingVideo({
    dir,
    sentences: SENTENCES,
    silenceS: SILENCE_S,
    width: 1280,
    height: 720,
  });
  return {
    file: video.path,
    durationS: video.durationS,
    silenceS: SILENCE_S,
    sentences: SENTENCES.length,
  };
}
