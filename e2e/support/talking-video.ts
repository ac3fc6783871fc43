import { execFile } from 'node:child_process';
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './server.ts';

const run = promisify(execFile);

export type TalkingVideo = { file: string; durationS: number; silenceS: number; sentences: number };

const SENTENCES = [
  'Welcome to this short video about editing.',
  'Today I will show you how rough cuts save hours of work.',
  'First we remove the silent gaps between the phrases.',
  'Then we find the most engaging moments for short clips.',
];

/**
 * A ~15 s 1280x720 talking video: flite reads sentences with 1.2 s of silence between them over a
 * moving test pattern. Uses the engine's generator when it exists (packages/engine/src/testing),
 * otherwise builds the same kind of file with flite and ffmpeg here.
 */
export async function makeTalkingVideo(dir: string): Promise<TalkingVideo> {
  await mkdir(dir, { recursive: true });
  const engineMedia = path.join(REPO_ROOT, 'packages/engine/src/testing/test-media.ts');
  const exists = await access(engineMedia).then(
    () => true,
    () => false,
  );
  if (exists) {
    const media = (await import(engineMedia)) as Record<string, unknown>;
    const make = media['makeTalkingVideo'];
    if (typeof make === 'function') {
      const result = (await (make as (o: object) => Promise<unknown>)({
        dir,
        sentences: SENTENCES,
        silenceS: 1.2,
        width: 1280,
        height: 720,
      })) as Partial<TalkingVideo> & { file?: string; path?: string };
      const file = result.file ?? result.path;
      if (file) {
        return {
          file,
          durationS: result.durationS ?? 0,
          silenceS: 1.2,
          sentences: SENTENCES.length,
        };
      }
    }
  }
  const silenceS = 1.2;
  const wavs: string[] = [];
  for (const [index, sentence] of SENTENCES.entries()) {
    const wav = path.join(dir, `s${index}.wav`);
    await run('flite', ['-t', sentence, '-o', wav]);
    wavs.push(wav);
  }
  const list = path.join(dir, 'parts.txt');
  const silence = path.join(dir, 'silence.wav');
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `anullsrc=r=8000:cl=mono`,
    '-t',
    String(silenceS),
    silence,
  ]);
  const parts = [silence, ...wavs.flatMap((wav) => [wav, silence])];
  await writeFile(list, parts.map((p) => `file '${p}'`).join('\n'));
  const audio = path.join(dir, 'speech.wav');
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-ar',
    '16000',
    '-ac',
    '1',
    audio,
  ]);
  const file = path.join(dir, 'talking.mp4');
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=24',
    '-i',
    audio,
    '-shortest',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-movflags',
    '+faststart',
    file,
  ]);
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    file,
  ]);
  return { file, durationS: Number(stdout.trim()), silenceS, sentences: SENTENCES.length };
}
