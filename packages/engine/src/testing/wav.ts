// Minimal 16-bit PCM WAV reading and writing for generated test speech. Building the soundtrack
// sample by sample is what makes the ground-truth spans exact.

export type Pcm = { sampleRate: number; samples: Int16Array };

/** Parses a mono 16-bit PCM WAV (what flite writes). Walks the chunks rather than assuming 44 bytes. */
export function parseWav(buffer: Buffer): Pcm {
  if (buffer.toString('latin1', 0, 4) !== 'RIFF' || buffer.toString('latin1', 8, 12) !== 'WAVE') {
    throw new Error('not a RIFF/WAVE file');
  }
  let offset = 12;
  let sampleRate = 0;
  let channels = 0;
  let bits = 0;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('latin1', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = buffer.readUInt16LE(body + 2);
      sampleRate = buffer.readUInt32LE(body + 4);
      bits = buffer.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (channels !== 1 || bits !== 16) throw new Error('expected mono 16-bit PCM');
      const end = Math.min(buffer.length, body + size);
      const count = Math.floor((end - body) / 2);
      const samples = new Int16Array(count);
      for (let i = 0; i < count; i++) samples[i] = buffer.readInt16LE(body + 2 * i);
      return { sampleRate, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV has no data chunk');
}

/** Index range [first, last] of samples louder than `threshold` (0-1 of full scale). */
export function findSoundRange(
  samples: Int16Array,
  threshold = 0.004,
): { first: number; last: number } | undefined {
  const level = threshold * 32768;
  let first = -1;
  let last = -1;
  for (let i = 0; i < samples.length; i++) {
    if (Math.abs(samples[i] ?? 0) > level) {
      if (first < 0) first = i;
      last = i;
    }
  }
  return first < 0 ? undefined : { first, last };
}

export function encodeWav(pcm: Pcm): Buffer {
  const dataBytes = pcm.samples.length * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'latin1');
  out.write('fmt ', 12, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(pcm.sampleRate, 24);
  out.writeUInt32LE(pcm.sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < pcm.samples.length; i++) out.writeInt16LE(pcm.samples[i] ?? 0, 44 + 2 * i);
  return out;
}
