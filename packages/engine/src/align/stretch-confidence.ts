// The aligner's acoustic evidence about a word's text: how long the word was held for the number
// of sounds in it. See docs/decisions/0005-offline-transcription.md ("Confidence").

/**
 * Seconds per phone above which a word counts as stretched. NOTE: read English runs at about 70-90
 * ms a phone; a word forced over twice that is either drawn out or lies over audio that holds more
 * than the word (a mishearing that swallowed the sounds around it: "say" for "sie ..."). Chosen
 * from the speaking rate, then checked against 0.10, 0.12 and 0.13 on the development set, where
 * 0.15 flagged no more right words than the decoder's confidence alone.
 */
export const STRETCHED_PHONE_S = 0.15;

/**
 * Speakers draw out the last word before a comma or a full stop (phrase-final lengthening: flite's
 * "word," before its pause ran 173 ms a phone): there the limit is twice as long.
 */
export const PHRASE_END_STRETCH = 2;

const PHRASE_END = /[.,!?;:]["')\]]*$/;

/**
 * The factor (0-1] a measured word's confidence is multiplied by: 1 up to STRETCHED_PHONE_S a
 * phone (twice that at a phrase end), then in proportion to how far past it the word was held
 * (twice as long a phone, half the confidence). Monotone in the duration; 1 when the phone count
 * is unknown.
 */
export function stretchFactor(durationS: number, phones: number, text = ''): number {
  if (!(phones > 0) || !(durationS > 0)) return 1;
  const limit = STRETCHED_PHONE_S * (PHRASE_END.test(text) ? PHRASE_END_STRETCH : 1);
  const perPhone = durationS / phones;
  return perPhone > limit ? limit / perPhone : 1;
}
