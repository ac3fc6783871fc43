// Exportable edits stored directly (what an analysis, the confirms and a render leave behind, with no
// engine run): a long talk of many phrases and confirmed gaps, its video's row and a finished run.
// For the exports' load tests and the export load bench.
import { eq } from 'drizzle-orm';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { Gap, JobStatus, Segment } from '@roughcut/shared';
import type { ProbeResult } from '../../engine-adapter/engine-basics.adapter.ts';
import type { DbOrTx } from '../../db/client.ts';
import { assets } from '../../db/tables/assets.schema.ts';
import { clips } from '../../db/tables/clips.schema.ts';
import { autoJobs, jobInstances } from '../../db/tables/edit.schema.ts';

export type LongTalk = { durationS: number; segments: Segment[]; gaps: Gap[] };

/**
 * `phrases` phrases of six words spread evenly over `durationS`, and `gaps` short silences between
 * them, all to be cut. `text(i)` words phrase i (the default: plain words).
 */
export function longTalk(options: {
  durationS: number;
  gaps: number;
  phrases: number;
  text?: (i: number) => string;
}): LongTalk {
  const { durationS } = options;
  // NOTE: the shortest gap a confirm takes, so a test can confirm the same cut again.
  const gapS = 0.1;
  const gaps = Array.from({ length: options.gaps }, (_, i) => {
    const start = ((i + 0.5) * durationS) / options.gaps;
    return { id: `gap-${i + 1}`, start, end: start + gapS };
  });
  const step = durationS / options.phrases;
  const segments = Array.from({ length: options.phrases }, (_, i) => {
    const start = i * step;
    const end = start + step * 0.9;
    const phrase = options.text?.(i) ?? `Phrase ${i + 1} says six plain words`;
    const texts = phrase.split(/\s+/).filter(Boolean);
    const wordS = (end - start) / Math.max(1, texts.length);
    const words = texts.map((text, w) => ({
      text,
      start: start + w * wordS,
      end: start + (w + 1) * wordS,
      confidence: 0.9,
    }));
    return { start, end, phrase, words };
  });
  return { durationS, segments, gaps };
}

export const probeOf = (durationS: number): ProbeResult => ({
  durationS,
  width: 1920,
  height: 1080,
  displayWidth: 1920,
  displayHeight: 1080,
  rotation: 0,
  fps: 25,
  variableFrameRate: false,
  videoCodec: 'h264',
  audioCodec: 'aac',
  audioSampleRate: 48_000,
  audioChannels: 2,
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  sizeBytes: Math.round(durationS * 500_000),
  bitRate: 4_000_000,
});

export type SeededRun = { instanceId: string; longFormId: string; shortId: string };

/**
 * Stores, for the edit `jobId`: its uploaded video's row (named `fileName`; no file is needed, an
 * export only points at it), a run on it, and two clips: the long form of the whole talk with every
 * gap cut, and a short of its first minute. Finished and confirmed, or (`awaiting`) awaiting the
 * user's confirmation with the same cut already stored.
 */
export async function seedExportableRun(
  db: DbOrTx,
  jobId: string,
  talk: LongTalk,
  options: { fileName?: string; awaiting?: boolean } = {},
): Promise<SeededRun> {
  const fileName = options.fileName ?? 'talk.mp4';
  const status: JobStatus = options.awaiting ? 'awaiting-confirmation' : 'finished';
  const probe = probeOf(talk.durationS);
  const [video] = await db
    .insert(assets)
    .values({
      autoJobId: jobId,
      name: fileName,
      assetType: 'unedited_video',
      status: 'uploaded',
      size: probe.sizeBytes,
      uploadedAmount: probe.sizeBytes,
      probe,
    })
    .returning({ id: assets.id });
  const [run] = await db
    .insert(jobInstances)
    .values({
      autoJobId: jobId,
      status,
      confirmed: !options.awaiting,
      progress: 1,
      videoAssetId: video?.id ?? null,
      videoProbe: probe,
    })
    .returning({ id: jobInstances.id });
  const instanceId = run?.id ?? '';
  const common = {
    autoJobId: jobId,
    autoJobInstanceId: instanceId,
    status,
    confirmed: !options.awaiting,
    drawSettings: DEFAULT_DRAW_SETTINGS,
  };
  const shortEnd = Math.min(60, talk.durationS);
  const shortSegments = talk.segments.filter((s) => s.end <= shortEnd);
  const shortGaps = talk.gaps.filter((g) => g.end <= shortEnd);
  const [longForm, short] = await db
    .insert(clips)
    .values([
      {
        ...common,
        stepType: 'optimised-long-form',
        title: 'Whole talk',
        description: 'Everything',
        engagementScore: 10,
        isLongForm: true,
        startS: 0,
        endS: talk.durationS,
        segments: talk.segments,
        gaps: talk.gaps,
        edits: { cut: talk.gaps, phrases: talk.segments, subtitle: DEFAULT_DRAW_SETTINGS },
      },
      {
        ...common,
        stepType: 'short-form-clips',
        title: 'Opening minute',
        description: 'The start',
        engagementScore: 7,
        isLongForm: false,
        startS: 0,
        endS: shortEnd,
        segments: shortSegments,
        gaps: shortGaps,
        edits: { cut: shortGaps, phrases: shortSegments, subtitle: DEFAULT_DRAW_SETTINGS },
      },
    ])
    .returning({ id: clips.id });
  await db.update(autoJobs).set({ latestJobInstanceId: instanceId }).where(eq(autoJobs.id, jobId));
  return { instanceId, longFormId: longForm?.id ?? '', shortId: short?.id ?? '' };
}
