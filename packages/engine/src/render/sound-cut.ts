// The kept sound as an .m4a: ffmpeg decodes the bounded source to PCM, the kept samples are cut out
// while they stream (pcm-cut.ts), and a second ffmpeg encodes them. Every render uses it, so the
// picture's own pass never carries a per-span sound graph.
import { runFfmpeg, streamFfmpeg } from '../media/ffmpeg-runner.ts';
import type { ProbeResult } from '../types.ts';
import {
  buildPcmDecodeArgs,
  buildPcmEncodeArgs,
  createPcmCutter,
  pcmFormatOf,
  spansToSampleRanges,
} from './pcm-cut.ts';
import type { FrameSpan } from '../frames/spans.ts';

export async function cutSound(job: {
  inputPath: string;
  spans: readonly FrameSpan[];
  fps: number;
  /** The bounded input: decoding starts at offsetS and reads lengthS. */
  offsetS: number;
  lengthS: number;
  probe: Pick<ProbeResult, 'audioSampleRate' | 'audioChannels'>;
  outPath: string;
  signal?: AbortSignal;
}): Promise<void> {
  const format = pcmFormatOf(job.probe);
  const ranges = spansToSampleRanges(job.spans, job.fps, job.offsetS, format.sampleRate);
  const decode = streamFfmpeg(
    buildPcmDecodeArgs({
      inputPath: job.inputPath,
      offsetS: job.offsetS,
      lengthS: job.lengthS,
      format,
    }),
    { signal: job.signal, task: 'render', work: { mediaS: job.lengthS } },
  );
  const cut = createPcmCutter(ranges, format);
  async function* kept(): AsyncGenerator<Uint8Array> {
    for await (const chunk of decode.stdout as AsyncIterable<Buffer>) yield* cut(chunk);
  }
  const encoded = runFfmpeg(buildPcmEncodeArgs(format, job.outPath), {
    signal: job.signal,
    task: 'render',
    work: { mediaS: job.lengthS },
    stdin: kept(),
  });
  // NOTE: a decode failure must fail the cut even though the encoder ends cleanly on short input.
  const results = await Promise.allSettled([decode.done, encoded]);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
