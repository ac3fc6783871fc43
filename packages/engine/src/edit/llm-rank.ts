// Optional ranking and titling by an OpenAI-compatible chat endpoint (LLM_URL). The heuristic
// result is always there first; the LLM only reorders and retitles it, and any failure falls back.
import { MAX_ENGAGEMENT_SCORE } from '@roughcut/shared';
import type { Candidate } from './clips.ts';

export type LlmConfig = { url: string; apiKey?: string; model?: string; timeoutMs?: number };

export function llmConfigFromEnv(env: NodeJS.ProcessEnv = process.env): LlmConfig | undefined {
  const url = env.LLM_URL?.trim();
  if (!url) return undefined;
  return { url, apiKey: env.LLM_API_KEY || undefined, model: env.LLM_MODEL || undefined };
}

/** LLM_URL may be the base (`http://host/v1`) or the full `/chat/completions` address. */
export const chatCompletionsUrl = (url: string): string =>
  /\/chat\/completions\/?$/.test(url) ? url : `${url.replace(/\/+$/, '')}/chat/completions`;

type LlmVerdict = { id: number; score: number; title?: string; description?: string };

export function buildRankingPrompt(candidates: readonly Candidate[]): string {
  const list = candidates.map((c, id) => ({
    id,
    seconds: Math.round(c.end - c.start),
    transcript: c.segments.map((s) => s.phrase).join(' '),
  }));
  return [
    'You pick the most engaging short vertical clips from a talk.',
    'For each candidate, give a score from 0 to 10, a title and a one-sentence description.',
    'A title is 3 to 8 words in Title Case that a viewer takes in at a glance: best a complete clause the speaker says in that clip, or a faithful paraphrase of one.',
    'Every clip gets a different title. No quotes, hashtags or emoji.',
    'Answer with JSON only: {"clips":[{"id":0,"score":7.5,"title":"...","description":"..."}]}.',
    `Candidates: ${JSON.stringify(list)}`,
  ].join('\n');
}

/** One line, no wrapping quotes, at most 80 characters; undefined when nothing is left. */
const cleanTitle = (raw: string): string | undefined => {
  const title = raw
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
    .replace(/^["'“”‘’]+|["'“”‘’]+$/gu, '')
    .trim()
    .slice(0, 80);
  return title || undefined;
};

export function parseRankingAnswer(content: string, count: number): LlmVerdict[] {
  const json = content.slice(content.indexOf('{'), content.lastIndexOf('}') + 1);
  const parsed = JSON.parse(json) as { clips?: unknown };
  if (!Array.isArray(parsed.clips)) throw new Error('answer has no "clips" list');
  return parsed.clips.flatMap((raw): LlmVerdict[] => {
    const c = raw as Record<string, unknown>;
    const id = Number(c.id);
    const score = Number(c.score);
    if (!Number.isInteger(id) || id < 0 || id >= count || !Number.isFinite(score)) return [];
    return [
      {
        id,
        score: Math.min(MAX_ENGAGEMENT_SCORE, Math.max(0, Math.round(score * 10) / 10)),
        title: typeof c.title === 'string' ? cleanTitle(c.title) : undefined,
        description:
          typeof c.description === 'string' && c.description.trim()
            ? c.description.trim().slice(0, 280)
            : undefined,
      },
    ];
  });
}

/**
 * Asks the LLM to score and title the candidates. Returns them re-scored (those it skipped keep
 * their heuristic score), or throws with a one-line reason.
 */
export async function rankWithLlm(
  candidates: readonly Candidate[],
  config: LlmConfig,
  signal?: AbortSignal,
): Promise<Candidate[]> {
  const timeout = AbortSignal.timeout(config.timeoutMs ?? 60_000);
  const response = await fetch(chatCompletionsUrl(config.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: config.model ?? 'default',
      temperature: 0,
      messages: [{ role: 'user', content: buildRankingPrompt(candidates) }],
    }),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (!response.ok) throw new Error(`LLM endpoint answered HTTP ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (!content) throw new Error('LLM answer has no message content');
  const verdicts = new Map(parseRankingAnswer(content, candidates.length).map((v) => [v.id, v]));
  // NOTE: a title the LLM gives twice goes to the first clip; the next keeps its own.
  const used = new Set<string>();
  const unique = (title: string, fallback: string) => {
    let chosen = used.has(title.toLowerCase()) ? fallback : title;
    for (let n = 2; used.has(chosen.toLowerCase()); n++) chosen = `${fallback} (${n})`;
    used.add(chosen.toLowerCase());
    return chosen;
  };
  return candidates.map((c, id) => {
    const v = verdicts.get(id);
    if (!v) return { ...c, title: unique(c.title, c.title) };
    return {
      ...c,
      engagement_score: v.score,
      title: unique(v.title ?? c.title, c.title),
      description: v.description ?? c.description,
      ranker: 'llm',
    };
  });
}
