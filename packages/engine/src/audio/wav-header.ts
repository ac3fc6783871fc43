import { open } from 'node:fs/promises';
import { EngineError } from '../types.ts';

export type WavInfo = {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Byte offset of the first sample. */
  dataOffset: number;
  /** Bytes of samples, from the file size when the header's count is missing or wrong. */
  dataBytes: number;
  durationS: number;
};

const HEAD_BYTES = 4096;

/** Parses a RIFF/WAVE header (PCM or WAVE_FORMAT_EXTENSIBLE) from the first bytes of a file. */
export function parseWavHeader(head: Buffer, fileSize: number): WavInfo {
  const bad = (why: string) =>
    new EngineError('audio_invalid', `The audio file is not a PCM WAV file (${why}).`);
  if (head.length < 12 || head.toString('ascii', 0, 4) !== 'RIFF') throw bad('no RIFF header');
  if (head.toString('ascii', 8, 12) !== 'WAVE') throw bad('no WAVE tag');
  let offset = 12;
  let format: { tag: number; channels: number; rate: number; bits: number } | undefined;
  while (offset + 8 <= head.length) {
    const id = head.toString('ascii', offset, offset + 4);
    const size = head.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (body + 16 > head.length) throw bad('truncated fmt chunk');
      format = {
        tag: head.readUInt16LE(body),
        channels: head.readUInt16LE(body + 2),
        rate: head.readUInt32LE(body + 4),
        bits: head.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!format) throw bad('data before fmt');
      // NOTE: 1 = PCM, 0xFFFE = extensible (ffmpeg writes it for some layouts).
      if (format.tag !== 1 && format.tag !== 0xfffe) throw bad(`format tag ${format.tag}`);
      if (format.bits !== 16) throw bad(`${format.bits}-bit samples, expected 16-bit`);
      if (format.channels < 1 || format.rate < 1) throw bad('no channels or sample rate');
      const available = Math.max(0, fileSize - body);
      // Streamed WAVs carry 0 or 0xFFFFFFFF as the size; trust the file then.
      const dataBytes = size > 0 && size !== 0xffffffff ? Math.min(size, available) : available;
      const bytesPerSecond = format.rate * format.channels * 2;
      return {
        sampleRate: format.rate,
        channels: format.channels,
        bitsPerSample: format.bits,
        dataOffset: body,
        dataBytes,
        durationS: dataBytes / bytesPerSecond,
      };
    }
    offset = body + size + (size % 2);
  }
  throw bad('no data chunk in the first 4 KB');
}

export async function readWavInfo(path: string): Promise<WavInfo> {
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new EngineError(
      'audio_invalid',
      `The audio file ${path} cannot be read (${error.code}).`,
    );
  });
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    return parseWavHeader(head, size);
  } finally {
    await handle.close();
  }
}

/** A 44-byte PCM WAV header for `dataBytes` of samples in the given format. */
export function wavHeader(info: Pick<WavInfo, 'sampleRate' | 'channels'>, dataBytes: number) {
  const header = Buffer.alloc(44);
  const blockAlign = info.channels * 2;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(info.channels, 22);
  header.writeUInt32LE(info.sampleRate, 24);
  header.writeUInt32LE(info.sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}
