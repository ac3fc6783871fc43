import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { EngineError } from '../types.ts';
import type { TranscribeOptions, Transcriber, Word } from '../types.ts';
import { attachLoosePunctuation, writtenForms } from './written-words.ts';

export type OpenAiTranscriberConfig = { url: string; apiKey?: string; model?: string };

export const DEFAULT_TRANSCRIBE_MODEL = 'whisper-1';

type VerboseWord = { word?: unknown; start?: unknown; end?: unknown; probability?: unknown };
type VerboseSegment = { start?: unknown; end?: unknown; avg_logprob?: unknown; text?: unknown };
export type VerboseTranscription = {
  text?: unknown;
  words?: VerboseWord[];
  segments?: VerboseSegment[];
};

/** `<base>/v1/audio/transcriptions`, whether or not the base already ends in /v1. */
export function transcriptionsEndpoint(baseUrl: string): string {
  const base = baseUrl.trim().replace(/\/+$/, '');
  return base.endsWith('/v1') ? `${base}/audio/transcriptions` : `${base}/v1/audio/transcriptions`;
}

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * Maps a verbose_json answer to words. Confidence: the word's own `probability` when the server
 * gives one, else exp(avg_logprob) of the segment the word sits in, else 1. Text: OpenAI's
 * `words` are bare ("hello"), so each takes its written form (capitals, punctuation) back from the
 * answer's `text` (or its segments' text), as the other engines write words.
 */
export function parseVerboseTranscription(body: VerboseTranscription): Word[] {
  if (!Array.isArray(body.words)) {
    throw new EngineError(
      'transcribe_failed',
      'The transcription service returned no word timestamps; it must support timestamp_granularities[]=word with response_format=verbose_json.',
    );
  }
  const segments = (body.segments ?? []).flatMap((s) => {
    const start = num(s.start);
    const end = num(s.end);
    const logprob = num(s.avg_logprob);
    return start !== undefined && end !== undefined && logprob !== undefined
      ? [{ start, end, confidence: clamp01(Math.exp(logprob)) }]
      : [];
  });
  const words: Word[] = [];
  for (const w of body.words) {
    const text = typeof w.word === 'string' ? w.word.trim() : '';
    const start = num(w.start);
    const end = num(w.end);
    if (!text || start === undefined || end === undefined || end < start) continue;
    const probability = num(w.probability);
    const middle = (start + end) / 2;
    const segment = segments.find((s) => middle >= s.start && middle <= s.end);
    const confidence =
      probability !== undefined ? clamp01(probability) : (segment?.confidence ?? 1);
    words.push({ text, start, end, confidence });
  }
  const written =
    typeof body.text === 'string'
      ? body.text
      : (body.segments ?? []).map((s) => (typeof s.text === 'string' ? s.text : '')).join(' ');
  return attachLoosePunctuation(
    writtenForms(
      words.sort((a, b) => a.start - b.start || a.end - b.end),
      written,
    ),
  );
}

async function describeHttpFailure(response: Response, endpoint: string): Promise<string> {
  let detail = '';
  try {
    const text = await response.text();
    try {
      const json = JSON.parse(text) as {
        error?: { message?: unknown } | string;
        message?: unknown;
      };
      const message =
        typeof json.error === 'string'
          ? json.error
          : typeof json.error?.message === 'string'
            ? json.error.message
            : typeof json.message === 'string'
              ? json.message
              : '';
      detail = message || text;
    } catch {
      detail = text;
    }
  } catch {
    // The body is only a detail; the status says enough.
  }
  detail = detail.replace(/\s+/g, ' ').trim().slice(0, 300);
  const hint =
    response.status === 401 || response.status === 403
      ? ' Check TRANSCRIBE_API_KEY.'
      : response.status === 404
        ? ' Check TRANSCRIBE_URL.'
        : '';
  return `The transcription service at ${endpoint} answered ${response.status} ${response.statusText}${detail ? `: ${detail}` : ''}.${hint}`;
}

/** Transcribes through an OpenAI-compatible /v1/audio/transcriptions endpoint. */
export function createOpenAiTranscriber(config: OpenAiTranscriberConfig): Transcriber {
  const endpoint = transcriptionsEndpoint(config.url);
  return {
    name: 'openai-compatible',
    // NOTE: the endpoint is trusted to know every language of the list; a wrong one fails there.
    languages: () => Promise.resolve(['*']),
    async transcribe(wavPath: string, options: TranscribeOptions): Promise<Word[]> {
      options.onProgress?.(0);
      const form = new FormData();
      // A file-backed Blob: the upload streams from disk rather than from memory.
      form.append('file', await openAsBlob(wavPath, { type: 'audio/wav' }), basename(wavPath));
      form.append('model', config.model || DEFAULT_TRANSCRIBE_MODEL);
      form.append('language', options.language);
      form.append('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'word');
      form.append('timestamp_granularities[]', 'segment');
      const headers: Record<string, string> = { accept: 'application/json' };
      if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          body: form,
          headers,
          signal: options.signal,
        });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
        throw new EngineError(
          'transcribe_failed',
          `The transcription service at ${endpoint} could not be reached (${cause instanceof Error ? cause.message : String(cause)}). Check TRANSCRIBE_URL.`,
        );
      }
      if (!response.ok) {
        throw new EngineError('transcribe_failed', await describeHttpFailure(response, endpoint));
      }
      let body: VerboseTranscription;
      try {
        body = (await response.json()) as VerboseTranscription;
      } catch {
        throw new EngineError(
          'transcribe_failed',
          `The transcription service at ${endpoint} answered with something that is not JSON.`,
        );
      }
      const words = parseVerboseTranscription(body ?? {});
      options.onProgress?.(1);
      return words;
    },
  };
}
