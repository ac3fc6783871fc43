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

  it('fails clearly when the server gives no word timestamps', () => {
    expect(() => parseVerboseTranscription({ segments: [] })).toThrow(/no word timestamps/);
  });
});
