// The server's one door into the engine: every call the API and the workers make to
// @roughcut/engine goes through here (or exports.adapter.ts, engine-basics.adapter.ts), in the
// server's own terms (steps, stored clips). NOTE: the engine's work (recognisers, renderer,
// reframing) is imported when a call needs it, so a process that only serves the API never
// loads it (engine-door.int.test.ts).
import type { DrawSettings, FramingPlan, Gap, Segment, Span, StepType } from '@roughcut/shared';
import { DEFAULT_MAX_VIDEO_SECONDS, GAP_MERGE_TOLERANCE_S } from '@roughcut/shared';
import { probeMedia, subtitleFontsDir, uploadLimitError } from '@roughcut/engine';
import type {
  EnergyTrack,
  ProbeResult,
  TranscriptChunkStore,
  UploadLimits,
} from '@roughcut/engine';
import { buildAss } from '@roughcut/engine/subtitles';
import type { AnalysisStage, ClipRenderPlan, ReframeMode } from '@roughcut/engine/work';

const loadWork = () => import('@roughcut/engine/work');

export type { AnalysisStage };

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
  /** Told the analysis stage running and its own fraction too (issue 33). */
  onProgress: (fraction: number, at: { stage: AnalysisStage; fraction: number }) => void;
  /** Finished transcription chunks of an earlier try, and where this one keeps its own. */
  transcriptChunks?: TranscriptChunkStore;
};

/**
 * `energy`: the loudness track, kept as the clip timeline's waveform. `probe`: the video's, with
 * keyframes (the render's smart cut needs them), pinned on the instance.
 */
export type Analysis = {
  durationS: number;
  clips: AnalysedClip[];
  energy: EnergyTrack;
  probe: ProbeResult;
};

/**
 * Validates an uploaded video, its length as the packets measure it, against what the product
 * edits; rejects with an EngineError that tells the user what is wrong.
 */
export async function probeUpload(
  videoPath: string,
  limits: UploadLimits = { maxDurationS: DEFAULT_MAX_VIDEO_SECONDS },
  signal?: AbortSignal,
): Promise<ProbeResult> {
  const probe = await probeMedia(videoPath, { signal });
  const refused = uploadLimitError(probe, limits);
  if (refused) throw refused;
  return probe;
}

/**
 * Probe, audio, transcription in the job's language (an unsupported language fails with the
 * engine's reason), phrases, gaps and the clips of every step. Long form gets every gap of the
 * video; a short clip the gaps inside its window.
 */
/** Opens the analysis's models before the process takes jobs (engine pipeline/warm-up.ts). */
export const warmUpAnalysis = async (): Promise<void> => (await loadWork()).warmUpAnalysis();

export async function analyseVideo(input: AnalyseInput): Promise<Analysis> {
  const work = await loadWork();
  const analysis = await work.analyseVideo(input.videoPath, {
    workDir: input.workDir,
    language: input.language,
    maxWordsInPhrase: input.maxWordsInPhrase,
    steps: {
      longForm: input.steps.includes('optimised-long-form'),
      shortForm: input.steps.includes('short-form-clips'),
    },
    signal: input.signal,
    onProgress: input.onProgress,
    ...(input.transcriptChunks ? { transcriptChunks: input.transcriptChunks } : {}),
  });
  const detected = [...analysis.gaps, ...analysis.fillers].sort((a, b) => a.start - b.start);
  const clips = analysis.clips.map((clip): AnalysedClip => ({
    stepType: clip.is_long_form ? 'optimised-long-form' : 'short-form-clips',
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
    // NOTE: silences then fillers (kind 'filler'), numbered on: the cut starts with the fillers
    // only when the edit asks for it (clip-plan.rules.ts).
    gaps: clip.is_long_form ? renumber(detected) : gapsWithin(detected, clip.start, clip.end),
    scoreFeatures: clip.features ? { ...clip.features } : null,
  }));
  return {
    durationS: analysis.probe.durationS,
    clips,
    energy: analysis.energy,
    probe: analysis.probe,
  };
}

type DetectedSpan = { start: number; end: number; kind?: Gap['kind'] };

const renumber = (gaps: readonly DetectedSpan[]): Gap[] =>
  gaps.map((g, i) => ({
    id: `gap-${i + 1}`,
    start: g.start,
    end: g.end,
    ...(g.kind === 'filler' ? { kind: 'filler' as const } : {}),
  }));

/** The video's gaps clipped to a clip's window and renumbered gap-1, gap-2... */
export function gapsWithin(gaps: readonly DetectedSpan[], start: number, end: number): Gap[] {
  return renumber(
    gaps
      .map((g) => ({ ...g, start: Math.max(g.start, start), end: Math.min(g.end, end) }))
      .filter((g) => g.end - g.start > GAP_MERGE_TOLERANCE_S),
  );
}

/** The source probe with keyframes, once per render job (smart cut needs them). */
export async function probeForRender(videoPath: string, signal: AbortSignal): Promise<ProbeResult> {
  return probeMedia(videoPath, { signal, keyframes: true });
}

export type RenderInput = {
  videoPath: string;
  probe: ProbeResult;
  outPath: string;
  /** The clip's plan (kept spans, phrases, style), made once per clip by the render job. */
  plan: ClipRenderPlan;
  /** Shorts: centre crop, or the face path (follow the speaker, or split two faces). */
  reframe?: ReframeMode;
  /** The clip's stored framing plan of that mode; absent: the engine finds the path itself. */
  framing?: FramingPlan | null;
  /** Where to keep a copy of the burned subtitle script. */
  subtitlesOutPath?: string;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
};

/** Long form: the kept spans joined (smart cut); short: spans, 1080x1920, subtitles burned in. */
export async function renderClip(input: RenderInput): Promise<void> {
  const { plan } = input;
  const { renderClipPlan, renderShortClip } = await loadWork();
  const common = {
    probe: input.probe,
    outPath: input.outPath,
    ...(input.subtitlesOutPath ? { subtitlesOutPath: input.subtitlesOutPath } : {}),
    // NOTE: the same font files as the browser preview (docs/fonts.md).
    ...(plan.subtitles ? { fontsDir: await subtitleFontsDir() } : {}),
    signal: input.signal,
    onProgress: input.onProgress,
  };
  if (!plan.isLongForm && input.framing && input.reframe && input.reframe !== 'centre') {
    // NOTE: the plan the preview showed, found once in the background: not searched for again.
    await renderShortClip(input.videoPath, {
      ...common,
      keep: plan.keptSpans,
      subtitles: plan.subtitles ? { segments: plan.segments, settings: plan.subtitles } : null,
      reframe: input.framing,
    });
    return;
  }
  await renderClipPlan(input.videoPath, {
    ...common,
    plan,
    ...(input.reframe ? { reframe: input.reframe } : {}),
  });
}

/** A short's two framing plans (follow and split), from one face track. */
export type ClipFramings = { follow: FramingPlan; split: FramingPlan };

/**
 * A short's framing plans over its whole window (so a changed cut keeps them): the follow path and
 * the split's two places (a split without two lasting faces is planned as follow). Both come from
 * one face track, so the clip screen can show either pick at once.
 */
export async function planClipFraming(input: {
  videoPath: string;
  probe: ProbeResult;
  window: Span;
  /** When someone speaks (the clip's phrases): only then does a moving mouth count as talk. */
  speech: readonly Span[];
  signal: AbortSignal;
}): Promise<ClipFramings> {
  const work = await loadWork();
  const { follow, split } = await work.planFramings(input.videoPath, input.probe, {
    keep: [input.window],
    speech: input.speech,
    width: work.SHORT_WIDTH,
    height: work.SHORT_HEIGHT,
    signal: input.signal,
  });
  return { follow, split };
}

export const EXAMPLE_PHRASE = 'This is how your subtitles look';

/** The template editor's example: a sample phrase in the given style over a solid colour. */
export async function drawExampleImage(options: {
  settings: DrawSettings;
  width: number;
  height: number;
  background: { r: number; g: number; b: number };
  signal?: AbortSignal;
}): Promise<Buffer> {
  const ass = buildAss([{ start: 0, end: 5, phrase: EXAMPLE_PHRASE }], options.settings);
  const { renderExampleImage } = await loadWork();
  return renderExampleImage({ ...options, ass, fontsDir: await subtitleFontsDir() });
}
