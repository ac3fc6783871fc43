// Real media for the server's tests, made at test time: flite speaking short sentences with known
// silences between them over an ffmpeg test picture. Kept small (about 13 s, 640x360) so the
// pipeline stays quick on two cores.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '@roughcut/engine';

export const TALK_SENTENCES = [
  'Welcome to the video editing test',
  'We remove the silent gaps between sentences',
  'And we make short vertical clips with subtitles',
] as const;
/** Silence before, between and after the sentences, seconds. */
export const TALK_SILENCES = [1, 1.5, 1.2, 1] as const;

const silence = (seconds: number): string => `aevalsrc=0:c=mono:s=8000:d=${seconds}`;

/** A talking .mp4 (H.264/AAC, 640x360, about 13 s) in `dir`; made once per folder. */
export async function talkingVideo(dir: string): Promise<string> {
  const out = path.join(dir, 'talk.mp4');
  if (await exists(out)) return out;
  await mkdir(dir, { recursive: true });
  const audio: string[] = [silence(TALK_SILENCES[0])];
  TALK_SENTENCES.forEach((sentence, i) => {
    audio.push(`flite=text=${sentence}:voice=slt`, silence(TALK_SILENCES[i + 1] ?? 1));
  });
  const inputs = ['-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25'];
  for (const source of audio) inputs.push('-f', 'lavfi', '-i', source);
  const labels = audio.map((_, i) => `[${i + 1}:a]`).join('');
  await runFfmpeg([
    ...inputs,
    '-filter_complex',
    `${labels}concat=n=${audio.length}:v=0:a=1,aresample=44100[a]`,
    '-map',
    '0:v',
    '-map',
    '[a]',
    '-shortest',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '32',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-movflags',
    '+faststart',
    out,
  ]);
  return out;
}

/** A valid .mp4 with a picture and no sound track. */
export async function silentVideo(dir: string): Promise<string> {
  const out = path.join(dir, 'no-audio.mp4');
  if (await exists(out)) return out;
  await mkdir(dir, { recursive: true });
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=320x240:r=25:d=3',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  return out;
}

/** The talking video cut off after 40% of its bytes (an interrupted export). */
export async function truncatedVideo(dir: string): Promise<string> {
  const out = path.join(dir, 'truncated.mp4');
  if (await exists(out)) return out;
  const whole = await readFile(await talkingVideo(dir));
  await writeFile(out, whole.subarray(0, Math.floor(whole.length * 0.4)));
  return out;
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}
