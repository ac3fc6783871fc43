// The whole analysis of one video: probe, sound, words, phrases, gaps and clips.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { computeEnergyTrack } from '../audio/energy-track.ts';
import {
  makeLongFormClip,
  scoreShortWindows,
  selectNonOverlapping,
  DEFAULT_SHORT_CLIP,
} from '../edit/clips.ts';
import type { Candidate, EngineClip, ScoredWindow, ShortClipOptions } from '../edit/clips.ts';
import { findFillers } from '../edit/fillers.ts';
import type { Filler } from '../edit/fillers.ts';
import { llmConfigFromEnv, rankWithLlm } from '../edit/llm-rank.ts';
import { groupPhrases } from '../edit/phrases.ts';
import { buildSegments, findGaps } from '../edit/segments.ts';
import { transcriberConfigFromEnv } from '../languages/available-languages.ts';
import { createTranscriber } from '../transcribe/index.ts';
import type {
  EnergyTrack,
  Gap,
  Phrase,
  ProbeResult,
  Span,
  TranscriberConfig,
  TranscriptChunkStore,
  Word,
} from '../types.ts';
import { detectVoice } from '../vad/silero-vad.ts';
import { gatherSpeechEvidence } from '../vad/speech-evidence.ts';
import { probeAndExtract } from './probe-and-extract.ts';
import { createStagedProgress } from './progress.ts';
import type { StagedProgressFn } from './progress.ts';

export type AnalyseOptions = {
  workDir: string;
  language: string;
  maxWordsInPhrase: number;
  steps: { longForm: boolean; shortForm: boolean };
  transcriber?: TranscriberConfig;
  /** Keeps finished transcription chunks, so a retry after a crash resumes from them. */
  transcriptChunks?: TranscriptChunkStore;
  shortClip?: Partial<ShortClipOptions>;
  signal?: AbortSignal;
  /** Told the stage running (and its own fraction) with each report (issue 33). */
  onProgress?: StagedProgressFn<AnalysisStage>;
};

export type Analysis = {
  probe: ProbeResult;
  words: Word[];
  phrases: Phrase[];
  gaps: Gap[];
  /** Fillers ("um", "uh", held voice between words): removable spans next to the gaps. */
  fillers: Filler[];
  clips: EngineClip[];
  /** The loudness track the gaps were refined with (the clip screen draws it as a waveform). */
  energy: EnergyTrack;
  /** What the audio says must be kept: the video minus the gaps. */
  kept: Span[];
  /** Where the voice detector heard speech. */
  voice: Span[];
  /**
   * False when neither voice nor words were found: only silence is cut and the long form's
   * transcription is empty.
   */
  speech: boolean;
};

// NOTE: measured shares of the wall time on this machine (transcription dominates). The packet
// scan runs beside the extraction, inside the audio stage's share; opening the models is in the
// energy stage's.
export const ANALYSIS_WEIGHTS = {
  probe: 0.01,
  audio: 0.02,
  energy: 0.03,
  // NOTE: the voice detector runs beside the recogniser; its share is inside this one.
  transcribe: 0.9,
  phrases: 0.01,
  clips: 0.03,
} as const;
export type AnalysisStage = keyof typeof ANALYSIS_WEIGHTS;

/** How many heuristic candidates an LLM is asked to rank (prompt size stays bounded). */
const LLM_CANDIDATES = 20;

export async function analyseVideo(inputPath: string, options: AnalyseOptions): Promise<Analysis> {
  const { signal } = options;
  const progress = createStagedProgress(ANALYSIS_WEIGHTS, options.onProgress);
  const config = options.transcriber ?? transcriberConfigFromEnv(process.env);
  progress.stage('probe');
  await mkdir(options.workDir, { recursive: true });
  const wav = join(options.workDir, 'audio-16k.wav');
  const probe = await probeAndExtract(inputPath, wav, {
    ...(signal ? { signal } : {}),
    onExtracting: () => progress.stage('audio'),
  });
  progress.stage('energy');
  const energy = await computeEnergyTrack(wav);
  const transcriber = await createTranscriber(config, options.language);
  const onTranscribe = progress.stage('transcribe');
  // NOTE: Moonshine cuts its utterances at the voice detector's pauses; pocketsphinx ignores them.
  // Started after the recogniser has opened: beside the opening, the detector's worker raised the
  // analysis's high-water mark to 563 MB (decision 0005, eighth pass).
  const voice = detectVoice(wav, { signal });
  const heardFillers: Word[] = [];
  const [voiceTrack, words] = await Promise.all([
    voice,
    transcriber.transcribe(wav, {
      language: options.language,
      signal,
      voice,
      energy,
      onFillers: (fillers) => heardFillers.push(...fillers),
      onProgress: onTranscribe,
      ...(options.transcriptChunks ? { chunkStore: options.transcriptChunks } : {}),
    }),
  ]);
  progress.stage('phrases');
  const evidence = gatherSpeechEvidence({
    voice: voiceTrack,
    energy,
    words,
    durationS: probe.durationS,
  });
  const grouped = groupPhrases(evidence.words, { maxWords: options.maxWordsInPhrase });
  const phrases = buildSegments(grouped, evidence);
  const gaps = findGaps(evidence.regions, probe.durationS);
  const fillers = findFillers({
    words: [...evidence.words, ...heardFillers].sort((a, b) => a.start - b.start),
    voice: evidence.voice,
    energy,
    gaps,
    durationS: probe.durationS,
  });
  progress.stage('clips');
  const clips: EngineClip[] = [];
  if (options.steps.longForm) clips.push(makeLongFormClip(phrases, probe.durationS));
  if (options.steps.shortForm) {
    const shortOptions = { ...DEFAULT_SHORT_CLIP, ...options.shortClip };
    const { windows, finish } = scoreShortWindows(phrases, probe.durationS, energy, shortOptions);
    clips.push(...(await pickShortClips(windows, finish, shortOptions.maxClips, signal)));
  }
  progress.done();
  return {
    probe,
    words,
    phrases,
    gaps,
    fillers,
    clips,
    energy,
    kept: evidence.regions,
    voice: evidence.voice,
    speech: evidence.speech,
  };
}

/**
 * The best non-overlapping windows, made into clips. When LLM_URL is set the LLM re-scores and
 * retitles the best heuristic candidates first; any failure keeps ours.
 */
async function pickShortClips(
  windows: ScoredWindow[],
  finish: (window: ScoredWindow) => Candidate,
  maxClips: number,
  signal?: AbortSignal,
): Promise<Candidate[]> {
  const heuristic = () => selectNonOverlapping(windows, maxClips).map(finish);
  const config = llmConfigFromEnv(process.env);
  if (!config || !windows.length) return heuristic();
  const best = [...windows]
    .sort((a, b) => b.engagement_score - a.engagement_score)
    .slice(0, LLM_CANDIDATES)
    .map(finish);
  try {
    return selectNonOverlapping(await rankWithLlm(best, config, signal), maxClips);
  } catch (error) {
    if (signal?.aborted) throw error;
    process.emitWarning(`LLM ranking failed, keeping the heuristic ranking: ${String(error)}`);
    return heuristic();
  }
}
