import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGE_CODES } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../types.ts';
import { availableLanguages, createTranscriber } from './transcriber-factory.ts';

type Seen = { path: string; auth: string | undefined; form: FormData };
let server: Server;
let baseUrl = '';
let dir = '';
let wav = '';
const seen: Seen[] = [];
const WAV_BYTES = Buffer.concat([Buffer.from('RIFF....WAVEfmt '), Buffer.alloc(2000, 7)]);

async function readForm(req: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  const request = new Request('http://x/', {
    method: 'POST',
    headers: { 'content-type': req.headers['content-type'] ?? '' },
    body: Buffer.concat(chunks),
  });
  return request.formData();
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-remote-'));
  wav = join(dir, 'speech.wav');
  await writeFile(wav, WAV_BYTES);
  server = createServer((req, res) => {
    void readForm(req).then((form) => {
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, form });
      res.setHeader('content-type', 'application/json');
      if (req.headers.authorization === 'Bearer wrong') {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
        return;
      }
      res.end(
        JSON.stringify({
          task: 'transcribe',
          language: 'french',
          duration: 3,
          text: 'Bonjour tout le monde',
          segments: [{ id: 0, start: 0, end: 3, text: 'Bonjour tout le monde', avg_logprob: -0.2 }],
          words: [
            { word: 'tout', start: 0.7, end: 0.9 },
            { word: 'Bonjour', start: 0.1, end: 0.6, probability: 0.93 },
            { word: 'le', start: 1.0, end: 1.1 },
            { word: 'monde', start: 1.2, end: 1.6 },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('OpenAI-compatible transcriber against a loopback server', () => {
  it('offers every language of the list', async () => {
    expect(await availableLanguages({ transcribeUrl: baseUrl, pocketsphinx: false })).toEqual(
      LANGUAGE_CODES,
    );
  });

  it('sends the multipart request and maps words with confidences', async () => {
    const config = {
      transcribeUrl: baseUrl,
      transcribeApiKey: 'sk-test',
      transcribeModel: 'whisper-large-v3',
    };
    const transcriber = await createTranscriber(config, 'fr');
    expect(transcriber.name).toBe('openai-compatible');
    const progress: number[] = [];
    const words = await transcriber.transcribe(wav, {
      language: 'fr',
      onProgress: (f) => progress.push(f),
    });
    const request = seen.at(-1)!;
    expect(request.path).toBe('/v1/audio/transcriptions');
    expect(request.auth).toBe('Bearer sk-test');
    expect(request.form.get('model')).toBe('whisper-large-v3');
    expect(request.form.get('language')).toBe('fr');
    expect(request.form.get('response_format')).toBe('verbose_json');
    expect(request.form.getAll('timestamp_granularities[]')).toContain('word');
    const file = request.form.get('file') as File;
    expect(file.name).toBe('speech.wav');
    expect(Buffer.from(await file.arrayBuffer()).equals(WAV_BYTES)).toBe(true);
    expect(words.map((w) => w.text)).toEqual(['Bonjour', 'tout', 'le', 'monde']);
    expect(words[0]!.confidence).toBe(0.93);
    expect(words[1]!.confidence).toBeCloseTo(Math.exp(-0.2), 6);
    expect(progress.at(-1)).toBe(1);
  });

  it('sends no Authorization header without a key', async () => {
    const transcriber = await createTranscriber({ transcribeUrl: `${baseUrl}/v1/` }, 'de');
    await transcriber.transcribe(wav, { language: 'de' });
    expect(seen.at(-1)!.auth).toBeUndefined();
    expect(seen.at(-1)!.path).toBe('/v1/audio/transcriptions');
  });

  it('explains HTTP failures and unreachable servers', async () => {
    const wrongKey = await createTranscriber(
      { transcribeUrl: baseUrl, transcribeApiKey: 'wrong' },
      'en',
    );
    const error = await wrongKey.transcribe(wav, { language: 'en' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).message).toMatch(
      /answered 401 Unauthorized: Incorrect API key provided\. Check TRANSCRIBE_API_KEY\./,
    );
    const down = await createTranscriber({ transcribeUrl: 'http://127.0.0.1:9' }, 'en');
    await expect(down.transcribe(wav, { language: 'en' })).rejects.toThrow(
      /could not be reached.*Check TRANSCRIBE_URL/,
    );
  });
});
