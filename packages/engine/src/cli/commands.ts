// What each roughcut-engine command does. Results are returned as values; main.ts prints them.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { EngineClip } from '../edit/clips.ts';
import { toAss, toPlainText, toSrt, toVtt, writeExport } from '../exports/index.ts';
import type { ExportFormat } from '@roughcut/shared';
import { probeMedia } from '../media/probe.ts';
import { analyseVideo } from '../pipeline/analyse.ts';
import type { Analysis } from '../pipeline/analyse.ts';
import type { ReframeOutcome } from '../reframe/plan-reframe.ts';
import { clipKeep, renderEngineClip } from '../render/engine-clip.ts';
import { subtitleFontsDir } from '../subtitles/fonts-dir.ts';
import { EngineError } from '../types.ts';
import type { Gap, ProbeResult, ProgressFn } from '../types.ts';
import type { CliArgs, TranscriptFormat } from './args.ts';

export type CommandContext = { signal?: AbortSignal; progress: (label: string) => ProgressFn };

/** JSON for stdout, or text (a transcript format). */
export type CommandOutput = { json: unknown } | { text: string };

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

/** The long form (or short `--clip n`) as an export, from a clips file or a fresh analysis. */
async function exportClip(args: CliArgs, ctx: CommandContext): Promise<string> {
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
  return writeExport(args.format as ExportFormat, {
    title: clip.title,
    fileName: basename(args.file),
    probe,
    keep: clipKeep(clip, args.removeGaps ? gaps : []),
    phrases: clip.segments,
  });
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
          return {
            text: toAss(phrases, DEFAULT_DRAW_SETTINGS),
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
      return { text: await exportClip(args, ctx) };
    case 'edit': {
      const analysis = await analyse(args, ctx, { longForm: args.long, shortForm: args.short });
      const clips = await renderClips(args, ctx, analysis.probe, analysis.clips, analysis.gaps);
      return { json: { durationS: analysis.probe.durationS, gaps: analysis.gaps, clips } };
    }
  }
  throw new EngineError('usage', `unknown command ${String(args.command)}`);
}
