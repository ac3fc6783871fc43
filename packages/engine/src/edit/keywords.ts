// Keyword salience without a model: term frequency in the window against the whole transcript,
// ignoring function words, so "what this part is about" stands out.
const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being
  below between both but by can could did do does doing down during each few for from further had
  has have having he her here hers herself him himself his how i if in into is it its itself just
  me more most my myself no nor not now of off on once only or other our ours ourselves out over own
  same she should so some such than that the their theirs them themselves then there these they
  this those through to too under until up very was we were what when where which while who whom
  why will with would you your yours yourself yourselves um uh oh yeah okay ok like really well
  also get got go going gonna know think thing things lot kind sort mean right actually let us
  one two im ive dont thats its youre theyre were weve cant wont didnt doesnt isnt say said make`
    .split(/\s+/)
    .filter(Boolean),
);

export const normaliseToken = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}']+/gu, '')
    .replace(/'/g, '');

export const isContentWord = (token: string): boolean =>
  token.length > 2 && !STOPWORDS.has(token) && !/^\d+$/.test(token);

export type TermStats = { counts: Map<string, number>; total: number };

export function termStats(tokens: readonly string[]): TermStats {
  const counts = new Map<string, number>();
  for (const t of tokens) if (isContentWord(t)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return { counts, total: tokens.length };
}

/** The document's most frequent content words, most salient first. */
export function topKeywords(stats: TermStats, limit: number): string[] {
  return [...stats.counts.entries()]
    .filter(([, n]) => n >= 1)
    .sort((a, b) => b[1] - a[1] || b[0].length - a[0].length || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([t]) => t);
}

export const capitalise = (text: string): string =>
  text ? text[0]!.toUpperCase() + text.slice(1) : text;
