// The engine's shared vocabulary. Times are seconds from the start of the source video.

// NOTE: the words, phrases, gaps and spans are the app's own (packages/shared), so a clip plan the
// server stores is what the engine renders, without a copy in another shape.
import type { Gap, Phrase, Span, Word } from '@roughcut/shared';

export type { Gap, Phrase, Span, Word };

export type ProbeResult = {
  durationS: number;
  width: number;
  height: number;
  /** Display size after rotation metadata is applied. */
  displayWidth: number;
  displayHeight: number;
  rotation: number;
  fps: number;
  variableFrameRate: boolean;
  videoCodec: string;
  audioCodec: string;
  audioSampleRate: number;
  audioChannels: number;
  /**
   * Times of the keyframes decoding can start from, when asked for (smart cut needs them): a
   * keyframe followed in decode order by pictures shown before it (an open GOP) is left out.
   */
  keyframes?: number[];
  /** Some keyframe is open: pictures after it reach back past it (with keyframes). */
  openGop?: boolean;
  /** Pictures are decoded in another order than shown, i.e. B-frames (with keyframes). */
  frameReordering?: boolean;
  /**
   * Where the picture and the sound begin on the file's timeline (0 is its start, as ffmpeg seeks
   * it): stream offsets and edit lists make them differ, and renders must place each stream there.
   */
  videoStartS?: number;
  audioStartS?: number;
  /** Where the picture ends on that timeline: the sound may go on after it. */
  videoEndS?: number;
  /**
   * The start timecode a camera or phone wrote (a timecode track or tag), when there is one:
   * `hh:mm:ss:ff`, or `hh:mm:ss;ff` when its labels are drop-frame. An editor places the file's
   * frames at this timecode.
   */
  timecode?: string;
  formatName: string;
  sizeBytes: number;
  bitRate: number;
};

/** RMS loudness in dBFS per 10 ms frame of 16 kHz mono audio. */
export type EnergyTrack = {
  frameS: number;
  db: Float32Array;
  /**
   * The same frames pre-emphasised (first difference), where a room's rumble and a music bed's bass
   * are weak and speech's onsets and releases are strong: cut edges are placed on it.
   */
  edgeDb?: Float32Array;
};

/** Speech probability (0-1) per `frameS` window of the 16 kHz mono audio, from the voice detector. */
export type VoiceTrack = {
  frameS: number;
  prob: Float32Array;
};

export type TranscribeOptions = {
  language: string;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  /** Where finished chunks' words are kept, so a retried analysis does not hear them again. */
  chunkStore?: TranscriptChunkStore;
  /** The voice detector's track of the file, when the caller runs it anyway (not run twice). */
  voice?: Promise<VoiceTrack>;
  /** The file's energy track, when the caller computes it anyway (not read twice). */
  energy?: EnergyTrack;
  /**
   * Told the hesitations ("um", "uh") heard but not written as words, for the filler detection.
   * NOTE: they are not in the returned words, so subtitles and scoring see only what was said.
   */
  onFillers?: (fillers: Word[]) => void;
};

/**
 * Words of finished chunks of one recording, by a key naming the chunk (its times). A transcriber
 * that works in chunks saves each as it finishes and reuses what it finds.
 */
export type TranscriptChunkStore = {
  load(key: string): Promise<Word[] | undefined>;
  save(key: string, words: readonly Word[]): Promise<void>;
};

export type TranscriberConfig = {
  /** Path of a whisper.cpp ggml model file (WHISPER_MODEL). */
  whisperModel?: string;
  /** Base URL of an OpenAI-compatible server (TRANSCRIBE_URL). */
  transcribeUrl?: string;
  transcribeApiKey?: string;
  transcribeModel?: string;
  /** Use the OS pocketsphinx for English when installed (default true). */
  pocketsphinx?: boolean;
  /**
   * Use Moonshine tiny, shipped in the npm package, for English. The environment's configuration
   * sets it; a configuration built by hand names the engines it wants.
   */
  moonshine?: boolean;
};

export type Transcriber = {
  readonly name: string;
  /** Language codes this engine can transcribe, as installed and configured now. */
  languages(): Promise<string[]>;
  /** `wavPath` is 16 kHz mono PCM as made by the audio extraction. */
  transcribe(wavPath: string, options: TranscribeOptions): Promise<Word[]>;
};

export type ProgressFn = (fraction: number) => void;

/** A failure the user can act on: `message` is shown to them as it is. */
export class EngineError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
  }
}
