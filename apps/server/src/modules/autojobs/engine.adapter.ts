// The server's one door into the engine: every call the API and the workers make to
// @roughcut/engine goes through here, in the server's own terms (steps, clips, kept spans).
import path from 'node:path';
import type { DrawSettings, Gap, Segment, StepType } from '@roughcut/shared';
import { GAP_MERGE_TOLERANCE_S, detectGaps } from '@roughcut/shared';
import * as engineModule from '@roughcut/engine';
import { EngineError } from '@roughcut/engine';
import type {
  EnergyTrack,
  Gap as EngineGap,
  Phrase,
  ProbeResult,
  Span,
  Transcriber,
  Word,
} from '@roughcut/engine';

type ProgressOptions = {
  signal?: AbortSignal;
  durationS?: number;
  onProgress?: (fraction: number) => void;
};

/**
 * The engine functions the server calls, with the signatures it expects. WARNING: the engine is
 * being written beside the server; functions it does not export yet fail the call with a clear
 * EngineError instead of stopping the whole server from loading.
 */
export type ExpectedEngine = {
  probeMedia(path: string, options?: { signal?: AbortSignal }): Promise<ProbeResult>;
  extractAudio(videoPath: string, wavPath: string, options?: ProgressOptions): Promise<unknown>;
  computeEnergy(wavPath: string, options?: { signal?: AbortSignal }): Promise<EnergyTrack>;
  createTranscriber(options?: { language?: string }): Transcriber | Promise<Transcriber>;
  availableLanguages(): Promise<string[]>;
  groupPhrases(words: readonly Word[], options?: { maxWords?: number }): Phrase[];
  refinePhrases(
    phrases: readonly Phrase[],
    energy: EnergyTrack | undefined,
    durationS: number,
  ): Phrase[];
  findGaps(phrases: readonly Phrase[], durationS: number): EngineGap[];
  makeLongFormClip(phrases: readonly Phrase[], durationS: number): EngineClipLike;
  makeShortClips(
    phrases: readonly Phrase[],
    durationS: number,
    energy: EnergyTrack | undefined,
  ): EngineClipLike[];
  renderLongForm(options: {
    input: string;
    output: string;
    spans: Span[];
    subtitles?: { phrases: Phrase[]; settings: DrawSettings };
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
  }): Promise<unknown>;
  renderShortClip(options: {
    input: string;
    output: string;
    spans: Span[];
    phrases: Phrase[];
    settings: DrawSettings | undefined;
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
  }): Promise<unknown>;
  buildAss(
    phrases: readonly Phrase[],
    settings: DrawSettings,
    options: { width: number; height: number },
  ): string;
};

const engine = engineModule as unknown as Partial<ExpectedEngine>;

const EXPECTED: (keyof ExpectedEngine)[] = [
  'probeMedia',
  'extractAudio',
  'computeEnergy',
  'createTranscriber',
  'availableLanguages',
  'groupPhrases',
  'refinePhrases',
  'findGaps',
  'makeLongFormClip',
  'makeShortClips',
  'renderLongForm',
  'renderShortClip',
  'buildAss',
];

/** The engine functions the server needs that @roughcut/engine does not export (yet). */
export const missingEngineFunctions = (): string[] => EXPECTED.filter((name) => !exported(name));

function exported(name: keyof ExpectedEngine): boolean {
  try {
    return typeof engine[name] === 'function';
  } catch {
    // NOTE: a test's module mock throws on names it does not define.
    return false;
  }
}

function need<K extends keyof ExpectedEngine>(name: K): ExpectedEngine[K] {
  if (!exported(name)) {
    throw new EngineError(
      'engine_incomplete',
      `The video engine on this server is incomplete (${name} is missing). Please try again later.`,
    );
  }
  return engine[name] as ExpectedEngine[K];
}

export type AnalysedClip = {
  stepType: StepType;
  title: string;
  description: string;
  engagementScore: number;
  isLongForm: boolean;
  start: number;
  end: number;
  segments: Segment[];
  gaps: Gap[];
  scoreFeatures: Record<string, number> | null;
};

export type AnalyseInput = {
  videoPath: string;
  /** Scratch folder for the audio track; the caller removes it. */
  workDir: string;
  language: string;
  maxWordsInPhrase: number;
  steps: readonly StepType[];
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
};

export type Analysis = { durationS: number; clips: AnalysedClip[] };

/** Validates an uploaded video; rejects with an EngineError that tells the user what is wrong. */
export async function probeUpload(videoPath: string, signal?: AbortSignal): Promise<ProbeResult> {
  return need('probeMedia')(videoPath, { signal });
}

/** Rejects when no installed speech engine can transcribe the language. */
export async function assertLanguageSupported(language: string): Promise<void> {
  const languages = await need('availableLanguages')();
  if (!languages.includes(language)) {
    throw new EngineError(
      'language_unsupported',
      `Speech in the language "${language}" cannot be recognised by the installed speech engines (available: ${languages.join(', ') || 'none'}). Choose another language and start again.`,
    );
  }
}

// Share of the analysis progress bar each stage takes (transcription dominates).
const STAGES = { probe: 0.03, audio: 0.12, transcribe: 0.8, clips: 0.05 } as const;

/** Probe, audio, transcription, phrases, gaps and the clips of every step. */
export async function analyseVideo(input: AnalyseInput): Promise<Analysis> {
  const { signal } = input;
  await assertLanguageSupported(input.language);
  const probe = await need('probeMedia')(input.videoPath, { signal });
  input.onProgress(STAGES.probe);
  const wavPath = path.join(input.workDir, 'audio.wav');
  await need('extractAudio')(input.videoPath, wavPath, {
    signal,
    durationS: probe.durationS,
    onProgress: (f) => input.onProgress(STAGES.probe + f * STAGES.audio),
  });
  const energy = await need('computeEnergy')(wavPath, { signal });
  const base = STAGES.probe + STAGES.audio;
  const transcriber = await need('createTranscriber')({ language: input.language });
  const words = await transcriber.transcribe(wavPath, {
    language: input.language,
    signal,
    onProgress: (f) => input.onProgress(base + f * STAGES.transcribe),
  });
  const phrases = need('refinePhrases')(
    need('groupPhrases')(words, { maxWords: input.maxWordsInPhrase }),
    energy,
    probe.durationS,
  );
  const gaps = need('findGaps')(phrases, probe.durationS);
  const clips: AnalysedClip[] = [];
  if (input.steps.includes('optimised-long-form')) {
    const clip = need('makeLongFormClip')(phrases, probe.durationS);
    clips.push({ ...fromEngineClip(clip, 'optimised-long-form'), gaps });
  }
  if (input.steps.includes('short-form-clips')) {
    for (const clip of need('makeShortClips')(phrases, probe.durationS, energy)) {
      clips.push({
        ...fromEngineClip(clip, 'short-form-clips'),
        gaps: gapsWithin(gaps, clip.start, clip.end),
      });
    }
  }
  input.onProgress(1);
  return { durationS: probe.durationS, clips };
}

type EngineClipLike = {
  title: string;
  description: string;
  engagement_score: number;
  is_long_form: boolean;
  start: number;
  end: number;
  segments: Phrase[];
  features?: Record<string, number> | object;
};

function fromEngineClip(clip: EngineClipLike, stepType: StepType): Omit<AnalysedClip, 'gaps'> {
  return {
    stepType,
    title: clip.title,
    description: clip.description,
    engagementScore: clip.engagement_score,
    isLongForm: clip.is_long_form,
    start: clip.start,
    end: clip.end,
    segments: clip.segments.map((s) => ({
      start: s.start,
      end: s.end,
      phrase: s.phrase,
      words: s.words,
    })),
    scoreFeatures: clip.features ? { ...(clip.features as Record<string, number>) } : null,
  };
}

/** The video's gaps clipped to a clip's window and renumbered gap-1, gap-2... */
export function gapsWithin(gaps: readonly Gap[], start: number, end: number): Gap[] {
  return gaps
    .map((g) => ({ start: Math.max(g.start, start), end: Math.min(g.end, end) }))
    .filter((g) => g.end - g.start > GAP_MERGE_TOLERANCE_S)
    .map((g, i) => ({ id: `gap-${i + 1}`, start: g.start, end: g.end }));
}

/** Gaps of a clip from its segments, for clips stored without them. */
export const gapsOfSegments = (segments: readonly Segment[], start: number, end: number): Gap[] =>
  gapsWithin(detectGaps(segments, end), start, end);

export type RenderInput = {
  videoPath: string;
  outPath: string;
  isLongForm: boolean;
  /** The parts of the source to keep, in order. */
  spans: Span[];
  /** Subtitle phrases (source times); subtitles are burned in only with `drawSettings`. */
  phrases: Phrase[];
  drawSettings: DrawSettings | undefined;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
};

export async function renderClip(input: RenderInput): Promise<void> {
  const common = {
    input: input.videoPath,
    output: input.outPath,
    spans: input.spans,
    signal: input.signal,
    onProgress: input.onProgress,
  };
  if (input.isLongForm) {
    await need('renderLongForm')({
      ...common,
      ...(input.drawSettings
        ? { subtitles: { phrases: input.phrases, settings: input.drawSettings } }
        : {}),
    });
  } else {
    await need('renderShortClip')({
      ...common,
      phrases: input.drawSettings ? input.phrases : [],
      settings: input.drawSettings,
    });
  }
}

/** The template editor's example: a sample phrase in the given style over a solid colour. */
export async function drawExampleImage(options: {
  settings: DrawSettings;
  width: number;
  height: number;
  background: { r: number; g: number; b: number };
  signal?: AbortSignal;
}): Promise<Buffer> {
  const sample: Phrase = {
    start: 0,
    end: 5,
    phrase: EXAMPLE_PHRASE,
    words: EXAMPLE_PHRASE.split(' ').map((text, i) => ({
      text,
      start: i * 0.5,
      end: i * 0.5 + 0.4,
      confidence: 1,
    })),
  };
  const ass = need('buildAss')([sample], options.settings, {
    width: options.width,
    height: options.height,
  });
  return engineModule.renderExampleImage({ ...options, ass });
}

export const EXAMPLE_PHRASE = 'This is how your subtitles look';
