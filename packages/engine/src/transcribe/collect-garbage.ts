// Decoding makes several MB of short-lived typed arrays per step (the logits and the decoder's
// cache, copied out of onnxruntime's heap); V8 frees their memory only when it collects, and it
// waits for about 64 MB of them first. Collecting after each utterance keeps the analysis's peak
// memory near what is live. See docs/decisions/0005-offline-transcription.md.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options?: { type?: 'major' | 'minor'; execution?: 'sync' }) => void;

let collect: Collect | undefined;

function collector(): Collect {
  if (!collect) {
    // NOTE: a context made after the flag is set has `gc`, without running node with --expose-gc;
    // the flag itself does nothing else (no global gc appears in the main context).
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
  }
  return collect;
}

/** A young-generation collection: frees the typed arrays of the decoder steps just run. */
export function collectYoungGarbage(): void {
  collector()({ type: 'minor' });
}

/** A full collection, between utterances and after loading the model. */
export function collectGarbage(): void {
  collector()();
}
