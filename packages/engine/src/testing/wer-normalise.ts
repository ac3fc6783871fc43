// Text normalised for word error rate, as /work/shared/realspeech/README.md says: lower case,
// punctuation dropped (apostrophes kept), hyphens split, numbers spelled out as spoken
// ("25" -> "twenty five", "3:2" -> "three to two"). Both sides of a comparison go through it.

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: [number, string][] = [
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
];

function underHundred(n: number): string[] {
  if (n < 20) return [ONES[n]!];
  const rest = n % 10;
  return rest ? [TENS[Math.floor(n / 10)]!, ONES[rest]!] : [TENS[n / 10]!];
}

function underThousand(n: number): string[] {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [
    ...(hundreds ? [ONES[hundreds]!, 'hundred'] : []),
    ...(rest || !hundreds ? underHundred(rest) : []),
  ];
}

/** A whole number as words ("1250" -> "one thousand two hundred fifty"). */
export function cardinal(n: number): string[] {
  if (n < 1000) return underThousand(n);
  for (const [size, name] of SCALES) {
    if (n >= size) {
      const rest = n % size;
      return [...cardinal(Math.floor(n / size)), name, ...(rest ? cardinal(rest) : [])];
    }
  }
  return underThousand(n);
}

/** A four-digit year as spoken ("1990" -> "nineteen ninety", "1905" -> "nineteen oh five"). */
export function year(n: number): string[] {
  const high = Math.floor(n / 100);
  const low = n % 100;
  if (low === 0) return [...underHundred(high), 'hundred'];
  return [...underHundred(high), ...(low < 10 ? ['oh', ONES[low]!] : underHundred(low))];
}

const ORDINAL_WORDS: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

function ordinal(n: number): string[] {
  const words = cardinal(n);
  const last = words.at(-1)!;
  const spoken =
    ORDINAL_WORDS[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return [...words.slice(0, -1), spoken];
}

/** One token of digits (with , . : % or an ordinal suffix) as words; undefined if it is not one. */
export function spellNumber(token: string): string[] | undefined {
  let m = /^(\d+):(\d+)$/.exec(token);
  if (m) return [...spellNumber(m[1]!)!, 'to', ...spellNumber(m[2]!)!];
  m = /^(\d+)(st|nd|rd|th)$/.exec(token);
  if (m) return ordinal(Number(m[1]));
  m = /^(\d[\d,]*)(?:\.(\d+))?(%?)$/.exec(token);
  if (!m || (m[1]!.includes(',') && !/^\d{1,3}(,\d{3})+$/.test(m[1]!))) return undefined;
  const whole = Number(m[1]!.replaceAll(',', ''));
  const isYear = !m[1]!.includes(',') && !m[2] && !m[3] && whole >= 1100 && whole <= 1999;
  const words = isYear ? year(whole) : cardinal(whole);
  if (m[2]) words.push('point', ...[...m[2]].map((d) => ONES[Number(d)]!));
  if (m[3]) words.push('percent');
  return words;
}

/** The words of a text, normalised for scoring. */
export function normaliseForWer(text: string): string[] {
  const out: string[] = [];
  const spaced = text
    .toLowerCase()
    .replaceAll(/[\u2018\u2019]/g, "'")
    .replaceAll(/[-\u2010-\u2015]/g, ' ');
  for (const raw of spaced.split(/\s+/)) {
    // Keep what a number is made of (digits , . : %) and apostrophes inside words.
    const token = raw.replaceAll(/[^\p{L}\p{N}'.,:%]/gu, '').replace(/^[.,:']+|[.,:']+$/g, '');
    const spelled = /\d/.test(token) ? spellNumber(token) : undefined;
    if (spelled) {
      out.push(...spelled);
      continue;
    }
    const word = token.replaceAll(/[^\p{L}\p{N}']/gu, ' ').trim();
    if (word) out.push(...word.split(/\s+/));
  }
  return out;
}
