import { describe, expect, it } from 'vitest';
import { parseVerboseTranscription, transcriptionsEndpoint } from './openai-transcriber.ts';

describe('transcriptionsEndpoint', () => {
  it('appends the OpenAI path once', () => {
    expect(transcriptionsEndpoint('http://h:8000')).toBe('http://h:8000/v1/audio/transcriptions');
    expect(transcriptionsEndpoint('http://h:8000/v1/')).toBe(
      'http://h:8000/v1/audio/transcriptions',
    );
  });
});

describe('parseVerboseTranscription', () => {
  it('maps words with probability, else segment avg_logprob, else 1', () => {
    const words = parseVerboseTranscription({
      segments: [{ start: 0, end: 2, avg_logprob: Math.log(0.5) }],
      words: [
        { word: ' world', start: 0.6, end: 1.0 },
        { word: ' Hello', start: 0.1, end: 0.5, probability: 0.9 },
        { word: 'again', start: 2.5, end: 2.9 },
        { word: '  ', start: 3, end: 3.1 },
        { word: 'bad', start: 4, end: 3 },
      ],
    });
    expect(words).toEqual([
      { text: 'Hello', start: 0.1, end: 0.5, confidence: 0.9 },
      { text: 'world', start: 0.6, end: 1.0, confidence: 0.5 },
      { text: 'again', start: 2.5, end: 2.9, confidence: 1 },
    ]);
  });

  it('writes the bare words as the text of the answer does, with capitals and punctuation', () => {
    const words = parseVerboseTranscription({
      text: 'Hello, world. Is it 3 o’clock?',
      words: ['hello', 'world', 'is', 'it', '3', 'oclock'].map((word, i) => ({
        word,
        start: i,
        end: i + 0.5,
        probability: 0.8,
      })),
    });
    expect(words.map((w) => w.text)).toEqual(['Hello,', 'world.', 'Is', 'it', '3', 'o’clock?']);
    const fromSegments = parseVerboseTranscription({
      segments: [{ start: 0, end: 1, text: ' Right, so.' }],
      words: [
        { word: 'right', start: 0, end: 0.4 },
        { word: 'so', start: 0.5, end: 0.9 },
      ],
    });
    expect(fromSegments.map((w) => w.text)).toEqual(['Right,', 'so.']);
  });

  it('fails clearly when the server gives no word timestamps', () => {
    expect(() => parseVerboseTranscription({ segments: [] })).toThrow(/no word timestamps/);
  });
});
