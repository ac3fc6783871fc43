// Moonshine tiny as a measuring instrument: the text it hears in one utterance, through the same
// model code as the default English transcriber (transcribe/moonshine-model.ts).
import { decodeMoonshine } from '../transcribe/moonshine-model.ts';
import { tokensToWords } from '../transcribe/moonshine-words.ts';

export { moonshineModelDir } from '../transcribe/moonshine-model.ts';

/**
 * The text Moonshine hears in one utterance of 16 kHz mono audio, decoded as the transcriber does.
 * NOTE: it was trained on utterances up to about 30 s; give it a sentence, not a whole file.
 */
export async function hearUtterance(audio: Float32Array): Promise<string> {
  return tokensToWords(await decodeMoonshine(audio))
    .map((w) => w.text)
    .join(' ');
}

export function pcmToFloat(samples: Int16Array): Float32Array {
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = samples[i]! / 32768;
  return out;
}
