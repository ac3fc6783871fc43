// Pure helpers of the whisper.cpp engine: the binding's parameters, its token output to words, and
// the messages between the engine and its child process.
import type { Word } from '../types.ts';
import { attachLoosePunctuation } from './written-words.ts';

/** One token of a smart-whisper `format: 'detail'` segment; times in ms with token_timestamps. */
export type WhisperToken = { text: string; id?: number; p: number; from?: number; to?: number };

/** One smart-whisper `format: 'detail'` segment; times in ms. */
export type WhisperSegment = {
  from: number;
  to: number;
  text: string;
  lang?: string;
  tokens?: WhisperToken[];
};

/** What the child process reports, one IPC message each. */
export type WhisperChildMessage =
  | { type: 'loaded' }
  | { type: 'progress'; endMs: number }
  | { type: 'result'; segments: WhisperSegment[] }
  | { type: 'error'; code: string; message: string };

/** What the engine asks the child process to do (its one argument, as JSON). */
export type WhisperJob = { model: string; wav: string; language: string; threads: number };

// NOTE: whisper writes these languages without spaces between words; as openai-whisper does, each
// token is a word there.
const UNSPACED_LANGUAGES = new Set(['zh', 'ja', 'th', 'lo', 'my', 'yue']);
const REPLACEMENT = '\uFFFD';
// whisper.cpp's own tokens: [_BEG_], [_TT_150], [_EOT_], [_LANG_fr], [_extra_token_7]...
const SPECIAL_TOKEN = /^\[_[^\]]*\]$/;
const HAS_WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** The whisper_full parameters the engine uses (smart-whisper's snake_case names). */
export function buildWhisperParams(language: string, threads: number): Record<string, unknown> {
  return {
    language,
    format: 'detail',
    token_timestamps: true,
    // NOTE: greedy (0), not beam search: several times faster on CPU, with the same fallbacks.
    strategy: 0,
    n_threads: threads,
    translate: false,
    no_timestamps: false,
    suppress_blank: true,
    suppress_non_speech_tokens: true,
    print_progress: false,
    print_realtime: false,
    print_timestamps: false,
    print_special: false,
  };
}

/** 16-bit little-endian PCM to the -1..1 floats whisper takes. */
export function pcm16ToFloat32(bytes: Buffer): Float32Array {
  const samples = new Float32Array(Math.floor(bytes.length / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2) / 32768;
  return samples;
}

/**
 * The real text of each token. The binding decodes each token's bytes on its own, so a character
 * split between two tokens (CJK, Cyrillic, emoji...) comes out as U+FFFD; the segment's text is
 * whole, so those characters are taken from it and given to the token where they began.
 */
export function recoverTokenTexts(segmentText: string, tokenTexts: string[]): string[] {
  const fallback = () => tokenTexts.map((text) => text.replaceAll(REPLACEMENT, ''));
  const out = tokenTexts.map(() => '');
  let cursor = 0;
  let pending = -1;
  for (const [i, text] of tokenTexts.entries()) {
    for (const ch of text) {
      if (ch === REPLACEMENT) {
        if (pending < 0) pending = i;
        continue;
      }
      if (pending >= 0) {
        // Hidden characters are at least one, so the next readable one is further on.
        const at = segmentText.indexOf(ch, cursor + 1);
        if (at < 0) return fallback();
        out[pending] += segmentText.slice(cursor, at);
        cursor = at;
        pending = -1;
      } else if (!segmentText.startsWith(ch, cursor)) {
        return fallback();
      }
      out[i] += ch;
      cursor += ch.length;
    }
  }
  if (pending >= 0) out[pending] += segmentText.slice(cursor);
  return out;
}

/** A token with its real text; `continued` when it finishes a character the previous one began. */
type Piece = { text: string; continued: boolean; p: number; start: number; end: number };

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const msToS = (ms: number) => Math.round(ms) / 1000;

function segmentPieces(segment: WhisperSegment): Piece[] {
  const tokens = (segment.tokens ?? []).filter((token) => !SPECIAL_TOKEN.test(token.text));
  const texts = recoverTokenTexts(
    segment.text,
    tokens.map((token) => token.text),
  );
  const lo = Math.min(segment.from, segment.to);
  const hi = Math.max(segment.from, segment.to);
  const inSegment = (ms: number | undefined, fallback: number) =>
    ms !== undefined && Number.isFinite(ms) ? Math.min(hi, Math.max(lo, ms)) : fallback;
  return tokens.map((token, i) => {
    const start = inSegment(token.from, lo);
    return {
      text: texts[i] ?? '',
      continued: token.text.startsWith(REPLACEMENT) && !!tokens[i - 1]?.text.endsWith(REPLACEMENT),
      p: Number.isFinite(token.p) ? clamp01(token.p) : 0,
      start,
      end: Math.max(start, inSegment(token.to, hi)),
    };
  });
}

/**
 * Groups a segment's tokens into words: a token starting with a space begins a word (or every
 * token does, in unspaced languages); punctuation and the end of a split character stay with
 * their word (as openai-whisper's unicode split does).
 */
function groupWords(pieces: Piece[], spaced: boolean): Piece[][] {
  const words: Piece[][] = [];
  for (const piece of pieces) {
    const current = words.at(-1);
    const joins =
      current !== undefined &&
      (piece.continued ||
        (spaced
          ? !/^\s/u.test(piece.text)
          : piece.text.trim() === '' || !HAS_WORD_CHARACTER.test(piece.text)));
    if (joins) current.push(piece);
    else words.push([piece]);
  }
  return words;
}

/** Drops bracketed annotations ([BLANK_AUDIO], (upbeat music), [Music]) that span whole words. */
function dropAnnotations(texts: string[]): boolean[] {
  const keep = texts.map(() => true);
  for (let i = 0; i < texts.length; i++) {
    const open = texts[i]?.[0];
    if (open !== '[' && open !== '(') continue;
    const closes = open === '[' ? /\][.,!?…]*$/u : /\)[.,!?…]*$/u;
    const end = texts.findIndex((text, j) => j >= i && closes.test(text));
    if (end < 0) continue;
    for (let j = i; j <= end; j++) keep[j] = false;
    i = end;
  }
  return keep;
}

/**
 * smart-whisper detail segments to words. Times come from the token timestamps; confidence is the
 * mean of the word's token probabilities (as openai-whisper and faster-whisper give a word's
 * probability, so one tolerance means the same on every engine).
 */
export function segmentsToWords(segments: WhisperSegment[], language: string): Word[] {
  const spaced = !UNSPACED_LANGUAGES.has(language);
  const words: Word[] = [];
  for (const segment of segments) {
    if (!Number.isFinite(segment.from) || !Number.isFinite(segment.to)) continue;
    const grouped = groupWords(segmentPieces(segment), spaced).map((pieces) => ({
      pieces,
      text: pieces
        .map((piece) => piece.text)
        .join('')
        .trim(),
    }));
    const keep = dropAnnotations(grouped.map((word) => word.text));
    grouped.forEach(({ pieces, text }, i) => {
      const first = pieces[0];
      const last = pieces.at(-1);
      // NOTE: punctuation standing alone (" —", French " ?") is kept: it joins a word below.
      if (!keep[i] || !first || !last || !text) return;
      const mean = pieces.reduce((sum, piece) => sum + piece.p, 0) / pieces.length;
      words.push({
        text,
        start: msToS(first.start),
        end: msToS(Math.max(first.start, last.end)),
        confidence: Math.round(clamp01(mean) * 10_000) / 10_000,
      });
    });
  }
  return attachLoosePunctuation(words.sort((a, b) => a.start - b.start || a.end - b.end));
}

/** The line of whisper.cpp's log that says why it stopped, if any. */
export function whisperFailureReason(stderr: string): string | undefined {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const line = lines.findLast((l) => /error|fail|assert|invalid|abort|what\(\)/i.test(l));
  return line?.slice(0, 300);
}

/** Narrows an IPC message from the child to the known shapes. */
export function parseChildMessage(message: unknown): WhisperChildMessage | undefined {
  if (typeof message !== 'object' || message === null || !('type' in message)) return undefined;
  const m = message as Record<string, unknown>;
  switch (m.type) {
    case 'loaded':
      return { type: 'loaded' };
    case 'progress':
      return typeof m.endMs === 'number' ? { type: 'progress', endMs: m.endMs } : undefined;
    case 'result':
      return Array.isArray(m.segments)
        ? { type: 'result', segments: m.segments as WhisperSegment[] }
        : undefined;
    case 'error':
      return typeof m.code === 'string' && typeof m.message === 'string'
        ? { type: 'error', code: m.code, message: m.message }
        : undefined;
    default:
      return undefined;
  }
}
