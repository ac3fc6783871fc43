import { describe, expect, it } from 'vitest';
import { EngineError } from '../types.ts';
import { SILENCE_DB, meanSquareToDb } from './energy-track.ts';
import { buildExtractAudioArgs } from './extract-audio.ts';
import { parseWavHeader } from './wav-header.ts';

function wavHeader(rate: number, channels: number, bits: number, dataBytes: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(Math.min(0xffffffff, 36 + dataBytes), 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * channels * (bits / 8), 28);
  h.writeUInt16LE(channels * (bits / 8), 32);
  h.writeUInt16LE(bits, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

describe('buildExtractAudioArgs', () => {
  it('asks for the first audio stream as 16 kHz mono s16 WAV with a bare header', () => {
    expect(buildExtractAudioArgs('/in/talk.mp4', '/out/a.wav')).toEqual([
      '-i',
      'file:/in/talk.mp4',
      '-map',
      '0:a:0',
      '-vn',
      '-sn',
      '-dn',
      '-map_metadata',
      '-1',
      '-af',
      'aresample=16000:async=1:min_hard_comp=0.01:first_pts=0',
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'pcm_s16le',
      '-fflags',
      '+bitexact',
      '-flags:a',
      '+bitexact',
      '-f',
      'wav',
      'file:/out/a.wav',
    ]);
  });

  it('keeps paths that look like protocols or options plain files', () => {
    const args = buildExtractAudioArgs('http://evil/x.mp4', '-y');
    expect(args[1]).toBe('file:http://evil/x.mp4');
    expect(args.at(-1)).toBe('file:-y');
  });
});

describe('parseWavHeader', () => {
  it('reads the format and duration of a canonical header', () => {
    const info = parseWavHeader(wavHeader(16000, 1, 16, 32000), 44 + 32000);
    expect(info).toEqual({
      sampleRate: 16000,
      channels: 1,
      bitsPerSample: 16,
      dataOffset: 44,
      dataBytes: 32000,
      durationS: 1,
    });
  });

  it('trusts the file size when the data size is unknown (streamed WAV)', () => {
    const head = wavHeader(16000, 2, 16, 0xffffffff);
    expect(parseWavHeader(head, 44 + 64000).durationS).toBe(1);
  });

  it('rejects what is not 16-bit PCM WAV with a clear error', () => {
    expect(() => parseWavHeader(Buffer.from('not a wav file at all'), 21)).toThrow(EngineError);
    expect(() => parseWavHeader(wavHeader(16000, 1, 8, 100), 144)).toThrow(/8-bit samples/);
  });
});

describe('meanSquareToDb', () => {
  it('gives 0 dBFS at full scale, -6 dB at half, and a floor for silence', () => {
    expect(meanSquareToDb(1)).toBe(0);
    expect(meanSquareToDb(0.25)).toBeCloseTo(-6.02, 2);
    expect(meanSquareToDb(0)).toBe(SILENCE_DB);
    expect(meanSquareToDb(1e-20)).toBe(SILENCE_DB);
  });
});
