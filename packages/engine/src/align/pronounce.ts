// Pronunciations for the aligner: the CMU dictionary that ships with pocketsphinx, and for the
// words it lacks (names, numbers, made-up words) a derived one: numbers spelled out, compounds and
// suffixes from their dictionary parts, short all-capital words as letters, else simple
// letter-to-sound rules. A rough pronunciation still aligns: the acoustic match only has to beat
// the neighbouring words and silence, not be right.
import { readFile } from 'node:fs/promises';
import { spellNumberToken } from './spell-number.ts';

/** Phones of the en-us model, ARPAbet without stress (`HH AH L OW`). */
export type Pronunciations = string[];
export type Dictionary = Map<string, Pronunciations>;

const cache = new Map<string, Promise<Dictionary>>();

/** The CMU dictionary at `path`, read once per process. */
export function loadDictionary(path: string): Promise<Dictionary> {
  let loaded = cache.get(path);
  if (!loaded) {
    loaded = readFile(path, 'utf8').then(parseDictionary);
    // NOTE: a failed read is not cached, so a dictionary installed later is found.
    loaded.catch(() => cache.delete(path));
    cache.set(path, loaded);
  }
  return loaded;
}

export function parseDictionary(text: string): Dictionary {
  const dictionary: Dictionary = new Map();
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    const word = line.slice(0, space).replace(/\(\d+\)$/, '');
    const phones = line.slice(space + 1).trim();
    if (!phones) continue;
    const list = dictionary.get(word);
    if (list) list.push(phones);
    else dictionary.set(word, [phones]);
  }
  return dictionary;
}

const LETTER_NAMES: Record<string, string> = {
  a: 'EY',
  b: 'B IY',
  c: 'S IY',
  d: 'D IY',
  e: 'IY',
  f: 'EH F',
  g: 'JH IY',
  h: 'EY CH',
  i: 'AY',
  j: 'JH EY',
  k: 'K EY',
  l: 'EH L',
  m: 'EH M',
  n: 'EH N',
  o: 'OW',
  p: 'P IY',
  q: 'K Y UW',
  r: 'AA R',
  s: 'EH S',
  t: 'T IY',
  u: 'Y UW',
  v: 'V IY',
  w: 'D AH B AH L Y UW',
  x: 'EH K S',
  y: 'W AY',
  z: 'Z IY',
};

// Longest spelling first: the first that matches at a position is taken.
const GRAPHEMES: [string, string][] = [
  ['tion', 'SH AH N'],
  ['sion', 'ZH AH N'],
  ['ough', 'AO'],
  ['igh', 'AY'],
  ['tch', 'CH'],
  ['sch', 'SH'],
  ['ch', 'CH'],
  ['sh', 'SH'],
  ['th', 'TH'],
  ['ph', 'F'],
  ['ng', 'NG'],
  ['ck', 'K'],
  ['qu', 'K W'],
  ['wh', 'W'],
  ['gh', 'G'],
  ['kn', 'N'],
  ['ee', 'IY'],
  ['ea', 'IY'],
  ['ie', 'IY'],
  ['oo', 'UW'],
  ['ou', 'AW'],
  ['ow', 'OW'],
  ['oa', 'OW'],
  ['ai', 'EY'],
  ['ay', 'EY'],
  ['ei', 'EY'],
  ['ey', 'IY'],
  ['oi', 'OY'],
  ['oy', 'OY'],
  ['au', 'AO'],
  ['aw', 'AO'],
  ['er', 'ER'],
  ['ir', 'ER'],
  ['ur', 'ER'],
  ['ar', 'AA R'],
  ['or', 'AO R'],
  ['a', 'AE'],
  ['b', 'B'],
  ['c', 'K'],
  ['d', 'D'],
  ['e', 'EH'],
  ['f', 'F'],
  ['g', 'G'],
  ['h', 'HH'],
  ['i', 'IH'],
  ['j', 'JH'],
  ['k', 'K'],
  ['l', 'L'],
  ['m', 'M'],
  ['n', 'N'],
  ['o', 'AA'],
  ['p', 'P'],
  ['q', 'K'],
  ['r', 'R'],
  ['s', 'S'],
  ['t', 'T'],
  ['u', 'AH'],
  ['v', 'V'],
  ['w', 'W'],
  ['x', 'K S'],
  ['y', 'IY'],
  ['z', 'Z'],
];

/** Letter-to-sound by spelling rules: rough, but every letter string gets phones. */
export function soundOut(word: string): string {
  let letters = word.toLowerCase().replace(/[^a-z]/g, '');
  // A silent final e ("kate", "pine") after a consonant.
  if (letters.length > 3 && /[^aeiou]e$/.test(letters)) letters = letters.slice(0, -1);
  const phones: string[] = [];
  let i = 0;
  while (i < letters.length) {
    const found = GRAPHEMES.find(([spelling]) => letters.startsWith(spelling, i));
    if (!found) {
      i++;
      continue;
    }
    const [spelling, sound] = found;
    // A doubled consonant is one sound ("ll", "tt"); "y" starting a word is a consonant.
    const doubled =
      spelling.length === 1 && letters[i - 1] === spelling && !'aeiou'.includes(spelling);
    if (!doubled) phones.push(i === 0 && spelling === 'y' ? 'Y' : sound);
    i += spelling.length;
  }
  return phones.join(' ');
}

/**
 * A written word as the dictionary spells it: accents off ("Café"), lower case, straight
 * apostrophes. NOTE: the one folding of the aligner's words and the decoder's lexicon prior.
 */
export function foldWordText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'");
}

/** The spoken forms of a written token: lower case, no punctuation, numbers and symbols spelled. */
export function spokenForms(text: string): string[] {
  const bare = foldWordText(text)
    .replace(/&/g, ' and ')
    .replace(/^[^a-z0-9$£€']+|[^a-z0-9%']+$/g, '')
    .replace(/^'+|'+$/g, '');
  const parts = bare.split(/[^a-z0-9$£€%.,']+/).filter(Boolean);
  return parts.flatMap((part) => {
    const clean = part.replace(/[.,]+$/, '');
    return spellNumberToken(clean) ?? clean.split(/[.,]/).filter(Boolean);
  });
}

function fromParts(word: string, dictionary: Dictionary, depth = 0): string | undefined {
  const known = dictionary.get(word)?.[0];
  if (known) return known;
  if (depth > 2 || word.length < 6) return undefined;
  // A compound or a word with a suffix: the longest dictionary prefix and the rest.
  for (let cut = word.length - 2; cut >= 3; cut--) {
    const head = dictionary.get(word.slice(0, cut))?.[0];
    if (!head) continue;
    const tail = word.slice(cut);
    const rest =
      fromParts(tail, dictionary, depth + 1) ?? (tail.length <= 3 ? soundOut(tail) : undefined);
    if (rest) return `${head} ${rest}`;
  }
  return undefined;
}

export type Pronounced = {
  /** Alternatives, each a phone string; never empty. */
  pronunciations: Pronunciations;
  /** True when some part was not in the dictionary and was guessed. */
  guessed: boolean;
};

/** How to say a written word (`"Hello,"`, `"1990"`, `"Roughcut's"`), for the aligner's dictionary. */
export function pronounce(text: string, dictionary: Dictionary): Pronounced | undefined {
  const forms = spokenForms(text);
  if (forms.length === 0) return undefined;
  if (forms.length === 1) {
    const known = dictionary.get(forms[0] ?? '');
    if (known) return { pronunciations: known.slice(0, 4), guessed: false };
  }
  let guessed = false;
  const phones = forms.map((form) => {
    const known = fromParts(form, dictionary);
    if (known) return known;
    guessed = true;
    const letters = form.replace(/'s$/, '');
    const capitals = /^[A-Z]{2,5}s?$/.test(text.replace(/[^A-Za-z]/g, ''));
    const spelt =
      capitals || !/[aeiouy]/.test(letters)
        ? [...letters].map((l) => LETTER_NAMES[l] ?? '').join(' ')
        : soundOut(letters);
    return form.endsWith("'s") ? `${spelt} Z` : spelt;
  });
  const joined = phones.join(' ').replace(/\s+/g, ' ').trim();
  return joined ? { pronunciations: [joined], guessed } : undefined;
}
