// Test fixtures for the clip API: a job with an uploaded video and a run awaiting
// confirmation with two clips, stored directly (what analysis leaves behind, without an engine run).
import { eq } from 'drizzle-orm';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { TestApp } from '../../test/test-app.ts';
import { caller, createJob, mp4Part, signUp, upload } from '../../test/video-edits.ts';
import type { Call } from '../../test/video-edits.ts';
import { autoJobs, jobInstances } from '../../db/tables/edit.schema.ts';
import { clips } from '../../db/tables/clips.schema.ts';

const word = (text: string, start: number, end: number, confidence: number) => ({
  text,
  start,
  end,
  confidence,
});

export const SHORT_SEGMENTS = [
  {
    start: 1,
    end: 3.2,
    phrase: 'Welcome to the',
    words: [word('Welcome', 1, 1.8, 0.95), word('to', 1.9, 2.3, 0.9), word('the', 2.4, 3.2, 0.5)],
  },
  { start: 3.4, end: 3.6, phrase: '', words: [] },
  {
    start: 4.7,
    end: 6,
    phrase: 'video editing test',
    words: [word('video', 4.7, 5.1, 0.9), word('editing', 5.2, 5.6, 0.8), word('test', 5.7, 6, 1)],
  },
];
export const SHORT_GAPS = [
  { id: 'gap-1', start: 3.2, end: 3.4 },
  { id: 'gap-2', start: 3.6, end: 4.7 },
];
export const LONG_GAPS = [
  { id: 'gap-1', start: 0, end: 1 },
  { id: 'gap-2', start: 3.2, end: 4.7 },
];

export type Reviewable = { call: Call; jobId: string; instanceId: string; token: string };

export async function reviewable(t: TestApp, video: Buffer): Promise<Reviewable> {
  const token = await signUp(t);
  const call = caller(t, token);
  const job = await createJob(call);
  const uploaded = await upload(t, token, job.id, [mp4Part(video)]);
  if (uploaded.statusCode !== 200) throw new Error(`upload failed: ${uploaded.body}`);
  const [instance] = await t.app.ctx.db
    .insert(jobInstances)
    .values({ autoJobId: job.id, status: 'awaiting-confirmation' })
    .returning();
  const instanceId = instance?.id ?? '';
  const common = {
    autoJobId: job.id,
    autoJobInstanceId: instanceId,
    status: 'awaiting-confirmation' as const,
    drawSettings: DEFAULT_DRAW_SETTINGS,
  };
  await t.app.ctx.db.insert(clips).values([
    {
      ...common,
      stepType: 'short-form-clips',
      title: 'Short one',
      description: 'A short clip',
      engagementScore: 6.5,
      isLongForm: false,
      startS: 1,
      endS: 6,
      segments: SHORT_SEGMENTS,
      gaps: SHORT_GAPS,
      scoreFeatures: { hook: 0.5 },
    },
    {
      ...common,
      stepType: 'optimised-long-form',
      title: 'Whole talk',
      description: 'Everything',
      engagementScore: 10,
      isLongForm: true,
      startS: 0,
      endS: 8,
      segments: SHORT_SEGMENTS,
      gaps: LONG_GAPS,
    },
  ]);
  await t.app.ctx.db
    .update(autoJobs)
    .set({ latestJobInstanceId: instanceId })
    .where(eq(autoJobs.id, job.id));
  return { call, jobId: job.id, instanceId, token };
}
