// What each roughcut-engine command does. Results are returned as values; main.ts prints them.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { EngineClip } from '../edit/clips.ts';
import { SHORT_FRAME, exportPieces, toAss, toPlainText, toSrt, toVtt } from '../exports/index.ts';
import type { ExportInput, ExportPiece } from '../exports/index.ts';
import type { ExportFormat, FramingPlan } from '@roughcut/shared';
import { probeMedia } from '../media/probe.ts';
import { analyseVideo } from '../pipeline/analyse.ts';
import type { Analysis } from '../pipeline/analyse.ts';
import { planReframe } from '../reframe/plan-reframe.ts';
import type { ReframeOutcome } from '../reframe/plan-reframe.ts';
import { clipKeep, renderEngineClip } from '../render/engine-clip.ts';
import { subtitleFontsDir } from '../subtitles/fonts-dir.ts';
import { EngineError } from '../types.ts';
import type { Gap, ProbeResult, ProgressFn } from '../types.ts';
import type { CliArgs, TranscriptFormat } from './args.ts';

export type CommandContext = { signal?: AbortSignal; progress: (label: string) => ProgressFn };

/** JSON for stdout, text (a transcript or a timeline), or bytes (an export of several files). */
export type CommandOutput = { json: unknown } | { text: string } | { bytes: Uint8Array };

export type RenderedClip = EngineClip & {
  output: { path: string; durationS: number; method: 'smart-cut' | 'full-encode' };
  /** Shorts: how the picture was framed, with the crop path or the split's two places. */
  reframe?: ReframeOutcome | { mode: 'centre'; asked: 'centre' };
};

async function withWorkDir<T>(args: CliArgs, run: (dir: string) => Promise<T>): Promise<T> {
  if (args.workDir) {
    await mkdir(args.workDir, { recursive: true });
    return run(args.workDir);
  }
  const dir = await mkdtemp(join(tmpdir(), 'roughcut-engine-'));
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const analyse = (
  args: CliArgs,
  ctx: CommandContext,
  steps: { longForm: boolean; shortForm: boolean },
): Promise<Analysis> =>
  withWorkDir(args, (workDir) =>
    analyseVideo(args.file, {
      workDir,
      language: args.language,
      maxWordsInPhrase: args.maxWords,
      steps,
      signal: ctx.signal,
      onProgress: ctx.progress('analysing'),
    }),
  );

export const clipFileName = (clip: EngineClip, index: number): string =>
  clip.is_long_form ? 'long-form.mp4' : `short-${String(index + 1).padStart(2, '0')}.mp4`;

export async function renderClips(
  args: CliArgs,
  ctx: CommandContext,
  probe: ProbeResult,
  clips: readonly EngineClip[],
  gaps: readonly Gap[],
): Promise<RenderedClip[]> {
  const outDir = resolve(args.outDir ?? '.');
  await mkdir(outDir, { recursive: true });
  const rendered: RenderedClip[] = [];
  let shortIndex = 0;
  // NOTE: the same font files as the app's preview and renders, so a style looks the same here.
  const fontsDir = args.subtitles ? await subtitleFontsDir() : undefined;
  for (const clip of clips) {
    const name = clipFileName(clip, clip.is_long_form ? 0 : shortIndex++);
    const result = await renderEngineClip(args.file, {
      clip,
      probe,
      outPath: join(outDir, name),
      removeGaps: args.removeGaps ? [...gaps] : [],
      // NOTE: long form keeps the speaker's own picture clean; shorts get the default style.
      subtitles: args.subtitles && !clip.is_long_form ? DEFAULT_DRAW_SETTINGS : null,
      fontsDir,
      smartCut: args.smartCut,
      reframe: args.reframe,
      signal: ctx.signal,
      onProgress: ctx.progress(`rendering ${name}`),
    });
    rendered.push({
      ...clip,
      output: { path: result.outPath, durationS: result.durationS, method: result.method },
      ...(clip.is_long_form
        ? {}
        : { reframe: result.reframe ?? { mode: 'centre' as const, asked: 'centre' as const } }),
    });
  }
  return rendered;
}

function readClipsFile(text: string, path: string): { clips: EngineClip[]; gaps: Gap[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new EngineError('usage', `${path} is not JSON: make it with \`roughcut-engine clips\`.`);
  }
  const body = parsed as { clips?: unknown; gaps?: unknown };
  const clips = Array.isArray(parsed) ? parsed : body.clips;
  if (!Array.isArray(clips)) {
    throw new EngineError(
      'usage',
      `${path} has no "clips" list: make it with \`roughcut-engine clips\`.`,
    );
  }
  return {
    clips: clips as EngineClip[],
    gaps: Array.isArray(body.gaps) ? (body.gaps as Gap[]) : [],
  };
}

/**
 * The long form (or short `--clip n`) as an export, from a clips file or a fresh analysis. A short
 * exports as `render` makes it: 1080x1920, framed by `--reframe` (the speaker found as the render
 * finds it), the default caption style unless `--no-subtitles`.
 */
async function exportClip(args: CliArgs, ctx: CommandContext): Promise<CommandOutput> {
  const wantShort = args.clip !== undefined;
  const { clips, gaps, probe } = args.clipsPath
    ? {
        ...readClipsFile(await readFile(args.clipsPath, 'utf8'), args.clipsPath),
        probe: await probeMedia(args.file, { signal: ctx.signal }),
      }
    : await analyse(args, ctx, { longForm: !wantShort, shortForm: wantShort });
  const shorts = clips.filter((c) => !c.is_long_form);
  const clip = wantShort ? shorts[args.clip! - 1] : clips.find((c) => c.is_long_form);
  if (!clip) {
    throw new EngineError(
      'usage',
      wantShort
        ? `There is no short ${args.clip}: ${shorts.length} were made.`
        : 'There is no long form in the clips: make them with `roughcut-engine clips --long`.',
    );
  }
  const keep = clipKeep(clip, args.removeGaps ? gaps : []);
  const input: ExportInput = {
    title: clip.title,
    fileName: basename(args.file),
    probe,
    keep,
    phrases: clip.segments,
    ...(clip.is_long_form ? {} : { short: await shortLook(args, ctx, probe, clip, keep) }),
  };
  return joinPieces(exportPieces(args.format as ExportFormat, input));
}

async function shortLook(
  args: CliArgs,
  ctx: CommandContext,
  probe: ProbeResult,
  clip: EngineClip,
  keep: ExportInput['keep'],
): Promise<ExportInput['short']> {
  const framing: FramingPlan =
    args.reframe === 'centre'
      ? { mode: 'centre' }
      : await planReframe(args.file, probe, {
          mode: args.reframe,
          keep: [...keep],
          speech: clip.segments.map((s) => ({ start: s.start, end: s.end })),
          width: SHORT_FRAME.width,
          height: SHORT_FRAME.height,
          signal: ctx.signal,
        }).then(framingOf);
  return { frame: SHORT_FRAME, framing, style: args.subtitles ? DEFAULT_DRAW_SETTINGS : null };
}

/** The plan of a reframe's outcome, without its statistics. */
const framingOf = (outcome: ReframeOutcome): FramingPlan =>
  outcome.mode === 'follow'
    ? { mode: 'follow', path: outcome.path }
    : outcome.mode === 'split'
      ? { mode: 'split', places: outcome.places }
      : { mode: 'centre' };

/** The export's text, or its bytes when it is a zip (an EDL of more than 999 events). */
function joinPieces(pieces: Iterable<ExportPiece>): CommandOutput {
  const all = [...pieces];
  if (all.every((p) => typeof p === 'string')) return { text: all.join('') };
  return {
    bytes: Buffer.concat(all.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p))),
  };
}

export async function runCommand(args: CliArgs, ctx: CommandContext): Promise<CommandOutput> {
  switch (args.command) {
    case 'probe':
      return { json: await probeMedia(args.file, { signal: ctx.signal }) };
    case 'transcribe': {
      const { words, phrases, probe } = await analyse(args, ctx, {
        longForm: false,
        shortForm: false,
      });
      // NOTE: the arguments allow transcribe only the transcript formats.
      switch (args.format as TranscriptFormat) {
        case 'json':
          return { json: { language: args.language, durationS: probe.durationS, words, phrases } };
        case 'srt':
          return { text: toSrt(phrases) };
        case 'vtt':
          return { text: toVtt(phrases) };
        case 'ass':
          // NOTE: laid out at the video's own size, as the app's ASS export (ass-play-res.ts).
          return {
            text: toAss(phrases, DEFAULT_DRAW_SETTINGS, {
              frame: { width: probe.displayWidth, height: probe.displayHeight },
            }),
          };
        case 'txt':
          return { text: toPlainText(phrases) };
      }
      break;
    }
    case 'gaps': {
      const { phrases, gaps, probe } = await analyse(args, ctx, {
        longForm: false,
        shortForm: false,
      });
      return { json: { durationS: probe.durationS, gaps, phrases } };
    }
    case 'clips': {
      const { clips, gaps, probe } = await analyse(args, ctx, {
        longForm: args.long,
        shortForm: args.short,
      });
      return { json: { durationS: probe.durationS, gaps, clips } };
    }
    case 'render': {
      const path = args.clipsPath!;
      const { clips, gaps } = readClipsFile(await readFile(path, 'utf8'), path);
      const probe = await probeMedia(args.file, { signal: ctx.signal, keyframes: true });
      return { json: { clips: await renderClips(args, ctx, probe, clips, gaps) } };
    }
    case 'export':
      return exportClip(args, ctx);
    case 'edit': {
      const analysis = await analyse(args, ctx, { longForm: args.long, shortForm: args.short });
      const clips = await renderClips(args, ctx, analysis.probe, analysis.clips, analysis.gaps);
      return { json: { durationS: analysis.probe.durationS, gaps: analysis.gaps, clips } };
    }
  }
  throw new EngineError('usage', `unknown command ${String(args.command)}`);
}
