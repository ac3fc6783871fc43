import { describe, expect, it } from 'vitest';
import {
  buildWhisperParams,
  parseChildMessage,
  pcm16ToFloat32,
  recoverTokenTexts,
  segmentsToWords,
  whisperFailureReason,
} from './whisper-parse.ts';
import type { WhisperSegment } from './whisper-parse.ts';

// A segment as smart-whisper returns it with format 'detail' and token_timestamps (times in ms).
const english: WhisperSegment = {
  from: 0,
  to: 2600,
  text: ' Hello, everybody. Welcome back.',
  lang: 'en',
  tokens: [
    { text: '[_BEG_]', id: 50364, p: 0.93, from: 0, to: 0 },
    { text: ' Hello', id: 2425, p: 0.62, from: 120, to: 480 },
    { text: ',', id: 11, p: 0.88, from: 480, to: 520 },
    { text: ' every', id: 1518, p: 0.71, from: 600, to: 860 },
    { text: 'body', id: 2618, p: 0.99, from: 860, to: 1150 },
    { text: '.', id: 13, p: 0.95, from: 1150, to: 1200 },
    { text: ' Welcome', id: 5827, p: 0.97, from: 1500, to: 1900 },
    { text: ' back', id: 646, p: 0.4, from: 1900, to: 2300 },
    { text: '.', id: 13, p: 0.9, from: 2300, to: 2350 },
    { text: '[_TT_130]', id: 50494, p: 0.5, from: 2600, to: 2600 },
  ],
};

describe('segmentsToWords', () => {
  it('merges sub-word tokens into words with their mean probability', () => {
    expect(segmentsToWords([english], 'en')).toEqual([
      { text: 'Hello,', start: 0.12, end: 0.52, confidence: 0.75 },
      { text: 'everybody.', start: 0.6, end: 1.2, confidence: 0.8833 },
      { text: 'Welcome', start: 1.5, end: 1.9, confidence: 0.97 },
      { text: 'back.', start: 1.9, end: 2.35, confidence: 0.65 },
    ]);
  });

  it('drops special tokens and bracketed annotations', () => {
    const words = segmentsToWords(
      [
        {
          from: 0,
          to: 3000,
          text: ' [BLANK_AUDIO]',
          tokens: [
            { text: '[_BEG_]', p: 1, from: 0, to: 0 },
            { text: ' [', p: 0.8, from: 0, to: 100 },
            { text: 'BL', p: 0.9, from: 100, to: 200 },
            { text: 'ANK', p: 0.9, from: 200, to: 300 },
            { text: '_', p: 0.9, from: 300, to: 400 },
            { text: 'AUDIO', p: 0.9, from: 400, to: 500 },
            { text: ']', p: 0.9, from: 500, to: 3000 },
          ],
        },
        {
          from: 3000,
          to: 6000,
          text: ' (upbeat music) So ♪',
          tokens: [
            { text: ' (', p: 0.5, from: 3000, to: 3100 },
            { text: 'up', p: 0.5, from: 3100, to: 3200 },
            { text: 'beat', p: 0.5, from: 3200, to: 3300 },
            { text: ' music', p: 0.5, from: 3300, to: 3400 },
            { text: ')', p: 0.5, from: 3400, to: 3500 },
            { text: ' So', p: 0.6, from: 5000, to: 5400 },
            { text: ' ♪', p: 0.6, from: 5400, to: 6000 },
            { text: '[_TT_300]', p: 0.9, from: 6000, to: 6000 },
          ],
        },
      ],
      'en',
    );
    expect(words).toEqual([{ text: 'So', start: 5, end: 5.4, confidence: 0.6 }]);
  });

  it('attaches punctuation whisper spaces off to the word before it', () => {
    const words = segmentsToWords(
      [
        {
          from: 0,
          to: 2000,
          text: ' Quoi ? Non — oui.',
          tokens: [
            { text: ' Quoi', p: 0.9, from: 0, to: 400 },
            { text: ' ?', p: 0.8, from: 400, to: 500 },
            { text: ' Non', p: 0.9, from: 600, to: 900 },
            { text: ' —', p: 0.7, from: 900, to: 1000 },
            { text: ' oui', p: 0.9, from: 1100, to: 1500 },
            { text: '.', p: 0.9, from: 1500, to: 1600 },
          ],
        },
      ],
      'fr',
    );
    expect(words.map((w) => w.text)).toEqual(['Quoi?', 'Non —', 'oui.']);
  });

  it('splits unspaced languages per token and restores characters split between tokens', () => {
    // 世 is three UTF-8 bytes: the first token holds one, the next two; each decodes as U+FFFD.
    const words = segmentsToWords(
      [
        {
          from: 0,
          to: 2000,
          text: 'こんにちは世界。',
          tokens: [
            { text: '[_BEG_]', p: 1, from: 0, to: 0 },
            { text: 'こんにちは', p: 0.9, from: 0, to: 800 },
            { text: '\uFFFD', p: 0.5, from: 800, to: 1000 },
            { text: '\uFFFD\uFFFD界', p: 0.7, from: 1000, to: 1500 },
            { text: '。', p: 0.8, from: 1500, to: 1600 },
          ],
        },
      ],
      'ja',
    );
    expect(words.map((w) => w.text)).toEqual(['こんにちは', '世界。']);
    expect(words[1]).toEqual({ text: '世界。', start: 0.8, end: 1.6, confidence: 0.6667 });
  });

  it('keeps times inside the segment, clamps probabilities and skips broken segments', () => {
    const words = segmentsToWords(
      [
        {
          from: 1000,
          to: 2000,
          text: ' odd',
          tokens: [{ text: ' odd', p: 1.2, from: 900, to: 2500 }],
        },
        { from: Number.NaN, to: 1, text: ' x', tokens: [{ text: ' x', p: 1 }] },
        { from: 3000, to: 4000, text: ' untimed', tokens: [{ text: ' untimed', p: Number.NaN }] },
      ],
      'de',
    );
    expect(words).toEqual([
      { text: 'odd', start: 1, end: 2, confidence: 1 },
      { text: 'untimed', start: 3, end: 4, confidence: 0 },
    ]);
  });
});

describe('recoverTokenTexts', () => {
  it('gives split characters to the token where they began', () => {
    expect(recoverTokenTexts(' Привет', [' При', 'в\uFFFD', '\uFFFDт'])).toEqual([
      ' При',
      'ве',
      'т',
    ]);
    expect(recoverTokenTexts('日日', ['\uFFFD', '\uFFFD\uFFFD', '日'])).toEqual(['日', '', '日']);
    expect(recoverTokenTexts('😀', ['\uFFFD\uFFFD', '\uFFFD\uFFFD'])).toEqual(['😀', '']);
  });

  it('falls back to the readable token text when it does not match the segment', () => {
    expect(recoverTokenTexts(' other', [' Hel', 'lo\uFFFD'])).toEqual([' Hel', 'lo']);
  });
});

describe('binding plumbing', () => {
  it('asks for detailed greedy output with token timestamps in the given language', () => {
    expect(buildWhisperParams('fr', 2)).toMatchObject({
      language: 'fr',
      format: 'detail',
      token_timestamps: true,
      strategy: 0,
      n_threads: 2,
      translate: false,
      no_timestamps: false,
    });
  });

  it('converts 16-bit PCM to floats', () => {
    const bytes = Buffer.alloc(8);
    [0, 16384, -32768, 32767].forEach((v, i) => bytes.writeInt16LE(v, i * 2));
    expect(Array.from(pcm16ToFloat32(bytes))).toEqual([0, 0.5, -1, 32767 / 32768]);
  });

  it('finds why whisper.cpp stopped in its log', () => {
    const log = [
      'whisper_init_from_file_with_params_no_state: loading model from /m.bin',
      'whisper_model_load: loading model',
      "node: whisper.cpp:1410: bool whisper_model_load(...): Assertion `hparams.n_text_state == hparams.n_audio_state' failed.",
      '',
    ].join('\n');
    expect(whisperFailureReason(log)).toMatch(/^node: whisper\.cpp:1410.*Assertion.*failed\.$/);
    expect(whisperFailureReason('all good\n')).toBeUndefined();
  });

  it('accepts only known child messages', () => {
    expect(parseChildMessage({ type: 'progress', endMs: 1200 })).toEqual({
      type: 'progress',
      endMs: 1200,
    });
    expect(parseChildMessage({ type: 'error', code: 'x', message: 'y' })).toEqual({
      type: 'error',
      code: 'x',
      message: 'y',
    });
    expect(parseChildMessage({ type: 'result', segments: [] })).toEqual({
      type: 'result',
      segments: [],
    });
    expect(parseChildMessage({ type: 'progress' })).toBeUndefined();
    expect(parseChildMessage('loaded')).toBeUndefined();
    expect(parseChildMessage({ type: 'other' })).toBeUndefined();
  });
});
