// Two guard sets beside the filler bench's cases (decision 0007), never tuned on: A, fillers in
// other places of other sentences; B, no filler at all but a real word standing alone between
// pauses, half of them held as long as a filler ("Tell | her~ | the news"), where every word must
// be kept: short ones, and longer ones that begin with a filler's sound ("umbrellas", "ermine"). Each set is spoken by four flite voices at their own stretch and pauses.
import type { FillerCase } from './filler-corpus.ts';

const A_SENTENCES = [
  'We went to the | um | market on Sunday.',
  'My favourite part | erm | is the ending.',
  'The train was late | uh | again this morning.',
  'I wanted to say | ah | thank you for coming.',
  'You can | um | open the window if you like.',
  'Our next guest | uh | writes about the sea.',
  'The results were | erm | better than we hoped.',
  'Please send me | ah | a copy of the report.',
];

const B_SENTENCES = [
  'I think | the~ | answer is simple.',
  'We could go left | or~ | right.',
  'Tell | her~ | the news.',
  'Put it | on~ | the table.',
  'She gave | them~ | a second chance.',
  'Bring | some~ | water for the trip.',
  'He looked | at | the map again.',
  'They said | a | word about it.',
  'Give it | to | me later.',
  'Wait | and | see what happens.',
  'I know | but | we have time.',
  'Call | him | after lunch.',
  'Bring | umbrellas~ | for the trip.',
  'We drove to | Birmingham~ | on Sunday.',
  'She said | honestly~ | it was fine.',
  'The | ermine | coat was white.',
  'They walked | ahead~ | of us.',
  'I | understand | the problem.',
];

const VOICES = [
  { voice: 'rms', fillerStretch: 2.4, innerPauseS: 0.18, sentencePauseS: 1 },
  { voice: 'awb', fillerStretch: 1.7, innerPauseS: 0.22, sentencePauseS: 1.1 },
  { voice: 'slt', fillerStretch: 2.1, innerPauseS: 0.2, sentencePauseS: 0.9 },
  { voice: 'kal', fillerStretch: 1.9, innerPauseS: 0.15, sentencePauseS: 1 },
];

/** A: eight sentences with one filler each, in four voices (32 fillers). */
export const FILLER_GUARD_A: FillerCase[] = VOICES.map((v) => ({
  name: `a-${v.voice}`,
  sentences: A_SENTENCES,
  ...v,
}));

/** B: eighteen sentences with no filler, words set off by pauses, in four voices. */
export const FILLER_GUARD_B: FillerCase[] = VOICES.map((v) => ({
  name: `b-${v.voice}`,
  sentences: B_SENTENCES,
  ...v,
}));
