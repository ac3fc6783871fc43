// Numbers as they are spoken, so the aligner can find "1990" or "3.5%" in the audio with the
// dictionary's words. English only, like the aligner's acoustic model. NOTE: the word error rate's
// normalisation (testing/wer-normalise.ts) spells numbers with these same rules.

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
  [1e12, 'trillion'],
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
];
const ORDINAL_ENDINGS: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

function underThousand(n: number): string[] {
  const words: string[] = [];
  if (n >= 100) {
    words.push(ONES[Math.floor(n / 100)] ?? '', 'hundred');
    n %= 100;
  }
  if (n >= 20) {
    words.push(TENS[Math.floor(n / 10)] ?? '');
    if (n % 10) words.push(ONES[n % 10] ?? '');
  } else if (n > 0 || words.length === 0) {
    words.push(ONES[n] ?? '');
  }
  return words;
}

/** A four-digit year as spoken: 1990 -> nineteen ninety, 1905 -> nineteen oh five, 1900 -> nineteen hundred. */
function spellYear(n: number): string[] {
  const tail = n % 100;
  if (tail === 0) return [...underThousand(Math.floor(n / 100)), 'hundred'];
  return [
    ...underThousand(Math.floor(n / 100)),
    ...(tail < 10 ? ['oh'] : []),
    ...underThousand(tail),
  ];
}

/** Four digits said as a year: 1100-2099 except 2000-2009 and the round thousands. */
const isYear = (n: number): boolean =>
  n >= 1100 && n <= 2099 && !(n >= 2000 && n < 2010) && !(n >= 2000 && n % 100 === 0);

/** A whole number in words: 1990 -> nineteen ninety (as a year), 2024 -> twenty twenty four. */
export function spellInteger(n: number): string[] {
  if (!Number.isSafeInteger(n) || n < 0) return [];
  if (isYear(n)) return spellYear(n);
  return spellCardinal(n);
}

function spellCardinal(n: number): string[] {
  if (n < 1000) return underThousand(n);
  const words: string[] = [];
  for (const [scale, name] of SCALES) {
    if (n >= scale) {
      words.push(...spellCardinal(Math.floor(n / scale)), name);
      n %= scale;
    }
  }
  if (n > 0) words.push(...underThousand(n));
  return words;
}

function ordinal(words: string[]): string[] {
  const last = words.at(-1) ?? '';
  const spoken =
    ORDINAL_ENDINGS[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return [...words.slice(0, -1), spoken];
}

/**
 * A token with digits in words, or undefined when it has none: "3.5" -> three point five, "21st"
 * -> twenty first, "$5" -> five dollars, "50%" -> fifty percent, "1,000" -> one thousand (a number
 * written with thousands commas is never a year), "3:2" -> three to two.
 */
export function spellNumberToken(token: string): string[] | undefined {
  const ratio = /^(\d+):(\d+)$/.exec(token);
  if (ratio) return [...spellInteger(Number(ratio[1])), 'to', ...spellInteger(Number(ratio[2]))];
  const match = /^(\$|£|€)?(\d[\d,]*)(?:\.(\d+))?(st|nd|rd|th|s|%)?$/i.exec(token);
  if (!match) return undefined;
  const [, currency, whole = '', fraction, suffix = ''] = match;
  if (whole.includes(',') && !/^\d{1,3}(,\d{3})+$/.test(whole)) return undefined;
  const digits = whole.replaceAll(',', '');
  const n = Number(digits);
  let words =
    digits.length > 15
      ? [...digits].map((d) => ONES[Number(d)] ?? '')
      : whole.includes(',')
        ? spellCardinal(n)
        : spellInteger(n);
  if (fraction) words.push('point', ...[...fraction].map((d) => ONES[Number(d)] ?? ''));
  const lower = suffix.toLowerCase();
  if (['st', 'nd', 'rd', 'th'].includes(lower)) words = ordinal(words);
  if (lower === 's') {
    const last = words.at(-1) ?? '';
    words = [...words.slice(0, -1), last.endsWith('y') ? `${last.slice(0, -1)}ies` : `${last}s`];
  }
  if (lower === '%') words.push('percent');
  if (currency === '$') words.push('dollars');
  if (currency === '£') words.push('pounds');
  if (currency === '€') words.push('euros');
  return words;
}
