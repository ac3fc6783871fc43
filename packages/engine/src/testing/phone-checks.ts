// What the phone-footage tests read from a file besides the probe: each picture's duration, the
// timecode tag, the frame count, and where a picture's light is (to tell upright from turned).
import { tmpdir } from 'node:os';
import { runFfprobe, runMelt, streamFfmpeg } from '../media/ffmpeg-runner.ts';
import { MediaToolError } from '../media/run-limits.ts';
import { formatSeconds } from '../frames/spans.ts';

/**
 * How long each picture is shown, in seconds: the steps between presentation times in order (the
 * last picture, with no next one, left out). NOTE: not the packets' durations, which ffprobe does
 * not print for mov packets of a variable rate with B-frames (as phones write HEVC).
 */
export async function frameDurations(path: string): Promise<number[]> {
  const out = await runFfprobe([
    ...['-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0'],
    ...['--', path],
  ]);
  const shown = out
    .split('\n')
    .map((line) => Number.parseFloat(line))
    .filter((t) => Number.isFinite(t))
    .sort((a, b) => a - b);
  return shown.slice(1).map((t, i) => t - shown[i]!);
}

/** The picture's frame count, from its packets (what a player shows). */
export async function videoFrames(path: string): Promise<number> {
  const out = await runFfprobe([
    ...['-select_streams', 'v:0', '-count_packets', '-show_entries', 'stream=nb_read_packets'],
    ...['-of', 'csv=p=0', '--', path],
  ]);
  return Number(out.trim());
}

/**
 * What the container says of the picture besides the probe's reading: the timecode tag (the video
 * stream's or a tmcd track's) and the rates ffprobe derives, r_frame_rate and avg_frame_rate.
 */
export async function streamFacts(
  path: string,
): Promise<{ timecode: string | undefined; realFps: number; averageFps: number }> {
  const json = await runFfprobe(['-of', 'json', '-show_streams', '--', path]);
  const { streams = [] } = JSON.parse(json) as {
    streams?: {
      codec_type?: string;
      r_frame_rate?: string;
      avg_frame_rate?: string;
      tags?: Record<string, string>;
    }[];
  };
  const video = streams.find((s) => s.codec_type === 'video');
  const rate = (text = '0/1') => {
    const [num = 0, den = 1] = text.split('/').map(Number);
    return den ? num / den : 0;
  };
  return {
    timecode: streams.map((s) => s.tags?.timecode).find((t) => t !== undefined),
    realFps: rate(video?.r_frame_rate),
    averageFps: rate(video?.avg_frame_rate),
  };
}

/**
 * The mean luma of the top and the bottom tenth of the picture at `atS`, as a player shows it
 * (display matrix applied): an upright phone picture with a light bar on top reads top > bottom.
 */
export async function topAndBottomLuma(
  path: string,
  atS: number,
): Promise<{ top: number; bottom: number }> {
  // NOTE: 10 rows of 1 pixel: each row is the mean of a tenth of the picture's height.
  const decode = streamFfmpeg(
    [
      ...['-ss', formatSeconds(atS), '-i', path, '-frames:v', '1'],
      ...['-vf', 'scale=1:10:flags=area,format=gray', '-f', 'rawvideo', 'pipe:1'],
    ],
    {},
  );
  const chunks: Buffer[] = [];
  for await (const chunk of decode.stdout as AsyncIterable<Buffer>) chunks.push(chunk);
  await decode.done;
  const rows = Buffer.concat(chunks);
  if (rows.length !== 10) throw new Error(`expected 10 rows of luma, read ${rows.length}`);
  return { top: rows[0]!, bottom: rows[9]! };
}

type MeltOptions = { home: string; mediaS: number };

/** One melt run: null when it left a readable picture, else what went wrong. */
async function meltOnce(
  project: string,
  out: string,
  options: MeltOptions,
): Promise<string | null> {
  try {
    await runMelt(
      [project, '-consumer', `avformat:${out}`, 'vcodec=ffv1', 'acodec=pcm_s16le', 'real_time=0'],
      {
        cwd: tmpdir(),
        env: { ...process.env, HOME: options.home },
        work: { mediaS: options.mediaS },
      },
    );
  } catch (error) {
    if (error instanceof MediaToolError && error.code === 'melt_failed') return error.detail;
    throw error;
  }
  return videoFrames(out).then(
    (frames) => (frames > 0 ? null : 'no picture'),
    () => 'an unreadable file',
  );
}

/**
 * melt renders an MLT project to a lossless file (FFV1 and PCM in Matroska), from another folder
 * than the project's: its media is found beside the project, by file name.
 * NOTE: runMelt starts again a run that lost MLT 7.12's start race. A run that failed otherwise,
 * or left no readable picture, is tried once more here: two such failures (their words not kept)
 * came in the first fifty runs here, before runMelt knew the race, and none in 160 since. The
 * caller checks what the second run rendered as it would the first's.
 */
export async function meltRender(project: string, out: string, options: MeltOptions) {
  for (let tries = 1; ; tries++) {
    const failed = await meltOnce(project, out, options);
    if (failed === null) return;
    if (tries >= 2) throw new Error(`melt did not render ${project}: ${failed}`);
  }
}
