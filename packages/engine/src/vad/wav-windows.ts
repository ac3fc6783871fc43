// Float samples of a 16-bit mono WAV at any position, read through a small buffer: what lets the
// voice detector walk 32 places of one file at once in bounded memory.
import { open } from 'node:fs/promises';
import type { WavInfo } from '../audio/wav-header.ts';

const BUFFER_SAMPLES = 1 << 15;

export type WindowReader = {
  /** Fills `out` with the samples from `start` on; before the file's start or after its end is 0. */
  read(start: number, out: Float32Array): Promise<void>;
  close(): Promise<void>;
};

export async function openWindowReader(
  path: string,
  info: Pick<WavInfo, 'dataOffset' | 'dataBytes'>,
  firstSample: number,
): Promise<WindowReader> {
  const handle = await open(path, 'r');
  const total = Math.floor(info.dataBytes / 2);
  const bytes = Buffer.alloc(BUFFER_SAMPLES * 2);
  const samples = new Float32Array(BUFFER_SAMPLES);
  let bufferStart = Math.max(0, firstSample);
  let bufferLength = 0;

  const fill = async (from: number) => {
    bufferStart = from;
    const wanted = Math.max(0, Math.min(BUFFER_SAMPLES, total - from));
    const { bytesRead } = await handle.read(bytes, 0, wanted * 2, info.dataOffset + from * 2);
    bufferLength = Math.floor(bytesRead / 2);
    for (let i = 0; i < bufferLength; i++) samples[i] = bytes.readInt16LE(2 * i) / 32768;
  };

  return {
    async read(start, out) {
      for (let i = 0; i < out.length; i++) {
        const at = start + i;
        if (at < 0 || at >= total) {
          out[i] = 0;
          continue;
        }
        // NOTE: refilled a little before `at`, so the next window's look-back stays in the buffer.
        if (at < bufferStart || at >= bufferStart + bufferLength)
          await fill(Math.max(0, at - 1024));
        out[i] = samples[at - bufferStart] ?? 0;
      }
    },
    close: () => handle.close(),
  };
}
