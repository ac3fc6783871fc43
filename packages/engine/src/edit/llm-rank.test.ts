import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Candidate } from './clips.ts';
import {
  chatCompletionsUrl,
  llmConfigFromEnv,
  parseRankingAnswer,
  rankWithLlm,
} from './llm-rank.ts';

const candidate = (title: string, score: number): Candidate => ({
  title,
  description: 'd',
  engagement_score: score,
  is_long_form: false,
  start: 0,
  end: 20,
  segments: [{ start: 0, end: 2, phrase: title, words: [] }],
  features: {
    hook: 0,
    speechRate: 0,
    pauseDensity: 0,
    energyVariation: 0,
    keywordSalience: 0,
    selfContained: 0,
  },
});

describe('LLM ranking against a loopback OpenAI-compatible server', () => {
  let url = '';
  let lastBody: { messages?: { content: string }[]; model?: string } = {};
  let lastAuth: string | undefined;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      lastBody = JSON.parse(raw) as typeof lastBody;
      lastAuth = req.headers.authorization;
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const content =
        'Sure: {"clips":[{"id":1,"score":9.25,"title":"Rockets explained","description":"Why fuel matters."},{"id":7,"score":3},{"id":2,"score":6,"title":" \\"rockets explained\\" "}]}';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('re-scores and retitles the candidates it answers for and keeps the rest', async () => {
    const ranked = await rankWithLlm(
      [candidate('first', 5), candidate('second', 4), candidate('third', 2)],
      { url, apiKey: 'k', model: 'm' },
    );
    expect(ranked[1]).toMatchObject({
      engagement_score: 9.3,
      title: 'Rockets explained',
      description: 'Why fuel matters.',
      ranker: 'llm',
    });
    expect(ranked[0]).toMatchObject({ engagement_score: 5, title: 'first' });
    // The same title again (quoted, other case) goes to the first clip only.
    expect(ranked[2]).toMatchObject({ engagement_score: 6, title: 'third', ranker: 'llm' });
    expect(lastBody.messages?.[0]?.content).toMatch(/complete clause the speaker says/);
    expect(lastBody.messages?.[0]?.content).toMatch(/Every clip gets a different title/);
    expect(lastAuth).toBe('Bearer k');
    expect(lastBody.model).toBe('m');
    expect(lastBody.messages?.[0]?.content).toContain('second');
  });

  it('fails with a reason on an HTTP error', async () => {
    await expect(rankWithLlm([candidate('a', 1)], { url: `${url}/nope` })).rejects.toThrow(
      /HTTP 404/,
    );
  });
});

describe('LLM helpers', () => {
  it('accepts a base URL or the full chat completions URL', () => {
    expect(chatCompletionsUrl('http://h/v1/')).toBe('http://h/v1/chat/completions');
    expect(chatCompletionsUrl('http://h/v1/chat/completions')).toBe('http://h/v1/chat/completions');
  });
  it('reads LLM_URL from the environment', () => {
    expect(llmConfigFromEnv({})).toBeUndefined();
    expect(llmConfigFromEnv({ LLM_URL: 'http://x' })).toMatchObject({ url: 'http://x' });
  });
  it('ignores malformed entries and clamps scores', () => {
    expect(
      parseRankingAnswer('{"clips":[{"id":0,"score":42},{"id":"x"},{"id":5,"score":1}]}', 2),
    ).toEqual([{ id: 0, score: 10, title: undefined, description: undefined }]);
    expect(() => parseRankingAnswer('no json', 1)).toThrow();
  });
});
