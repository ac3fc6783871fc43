import { describe, expect, it } from 'vitest';
import type { Asset, AutoJob, Clip, JobInstance } from '@roughcut/shared';
import {
  checkGoal,
  editStatusOf,
  nextStepOf,
  safeFileName,
  summariesOf,
  timeLeftText,
  videoOf,
} from './edit-status.rules.ts';

const JOB_ID = '11111111-1111-4111-8111-111111111111';
const RUN_ID = '22222222-2222-4222-8222-222222222222';

function jobWith(run: Partial<JobInstance> | null): AutoJob {
  const instance: JobInstance | null = run && {
    id: RUN_ID,
    auto_job_id: JOB_ID,
    status: 'pending',
    confirmed: false,
    failure_reason: null,
    ...run,
  };
  return {
    id: JOB_ID,
    name: 'Talk',
    status: instance?.status ?? 'created',
    steps: [{ step_type: 'short-form-clips' }],
    job_instance: instance,
    latest_job_instance_id: instance?.id ?? null,
    template_id: null,
    language: 'en',
    max_words_in_phrase: 5,
    created_at: 1,
    last_updated_at: 1,
  };
}

const video = (status: Asset['status'], uploaded = 50, size = 100) => ({
  status,
  size,
  uploaded_amount: uploaded,
});

describe('the next step of an edit', () => {
  it('asks for the video, then the start, before any run', () => {
    expect(nextStepOf(jobWith(null), null)).toBe('upload');
    expect(nextStepOf(jobWith(null), video('uploading'))).toBe('upload');
    expect(nextStepOf(jobWith(null), video('failed'))).toBe('upload');
    expect(nextStepOf(jobWith(null), video('uploaded', 100))).toBe('start');
  });

  it('waits while the run works, the confirmed render queue included', () => {
    expect(nextStepOf(jobWith({ status: 'pending' }), null)).toBe('wait');
    expect(nextStepOf(jobWith({ status: 'processing' }), null)).toBe('wait');
    const queued = jobWith({ status: 'awaiting-confirmation', confirmed: true });
    expect(nextStepOf(queued, null)).toBe('wait');
  });

  it('asks for a review, a download or a new start at the ends of a run', () => {
    expect(nextStepOf(jobWith({ status: 'awaiting-confirmation' }), null)).toBe('review');
    expect(nextStepOf(jobWith({ status: 'finished', confirmed: true }), null)).toBe('download');
    expect(nextStepOf(jobWith({ status: 'failed' }), null)).toBe('restart');
    expect(nextStepOf(jobWith({ status: 'cancelled' }), null)).toBe('restart');
  });
});

describe('the status of an edit', () => {
  it("names the run's stage and clip, with its progress and time left", () => {
    const status = editStatusOf(
      jobWith({
        status: 'processing',
        confirmed: true,
        stage: 'rendering',
        stage_clip: { number: 2, count: 4 },
        progress: 0.5,
        seconds_left: 90,
      }),
    );
    expect(status).toMatchObject({
      jobId: JOB_ID,
      instanceId: RUN_ID,
      label: 'Rendering clip 2 of 4',
      progress: 0.5,
      secondsLeft: 90,
      next: 'wait',
      confirmed: true,
    });
    expect(status.nextText).toMatch(/wait/i);
  });

  it("counts an unfinished upload's bytes as the progress before a run", () => {
    const status = editStatusOf(jobWith(null), video('uploading', 25, 100));
    expect(status).toMatchObject({ label: 'Uploading', progress: 0.25, next: 'upload' });
  });

  it('says why a run failed', () => {
    const status = editStatusOf(jobWith({ status: 'failed', failure_reason: 'No speech found.' }));
    expect(status).toMatchObject({ label: 'Failed', failureReason: 'No speech found.' });
  });

  it('tells the queued render from the review', () => {
    const queued = jobWith({ status: 'awaiting-confirmation', confirmed: true });
    expect(editStatusOf(queued).label).toBe('Waiting to render');
    const review = editStatusOf(jobWith({ status: 'awaiting-confirmation', progress: 1 }));
    expect(review).toMatchObject({ label: 'Clips ready for review', progress: null });
  });
});

describe('whether a wait is over', () => {
  const of = (run: Partial<JobInstance> | null, state: Asset['status'] | null = null) =>
    editStatusOf(jobWith(run), state && video(state, 100));

  it('ends the wait for clips at the review, or later', () => {
    expect(checkGoal(of({ status: 'processing' }), 'clips-ready')).toBe('waiting');
    expect(checkGoal(of({ status: 'awaiting-confirmation' }), 'clips-ready')).toBe('reached');
    expect(checkGoal(of({ status: 'finished' }), 'clips-ready')).toBe('reached');
  });

  it('stops the wait for the render where the user must act', () => {
    expect(checkGoal(of({ status: 'awaiting-confirmation' }), 'rendered')).toBe('needs-user');
    expect(checkGoal(of(null, 'uploaded'), 'rendered')).toBe('needs-user');
    expect(checkGoal(of({ status: 'awaiting-confirmation', confirmed: true }), 'rendered')).toBe(
      'waiting',
    );
    expect(checkGoal(of({ status: 'finished', confirmed: true }), 'rendered')).toBe('reached');
  });

  it('reports failures and cancels', () => {
    expect(checkGoal(of({ status: 'failed' }), 'rendered')).toBe('failed');
    expect(checkGoal(of({ status: 'cancelled' }), 'clips-ready')).toBe('cancelled');
  });
});

describe('small readings', () => {
  it('says the time left in words', () => {
    expect(timeLeftText(null)).toBe('');
    expect(timeLeftText(12)).toBe('under a minute left');
    expect(timeLeftText(150)).toBe('about 3 min left');
    expect(timeLeftText(3 * 3600 + 600)).toBe('about 3 h 10 min left');
  });

  it('makes safe file names and keeps the extension', () => {
    expect(safeFileName('Talk - Why: "it" works?.mp4')).toBe('Talk - Why_ _it_ works_.mp4');
    expect(safeFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeFileName('...')).toBe('video.mp4');
    const long = safeFileName(`${'a'.repeat(300)}.mp4`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.mp4')).toBe(true);
  });

  it("finds the job's video among its assets", () => {
    const asset = (id: string, asset_type: Asset['asset_type']): Asset => ({
      id,
      name: `${id}.mp4`,
      asset_type,
      size: 1,
      uploaded_amount: 1,
      status: 'uploaded',
    });
    expect(videoOf([asset('a', 'edited_video')])).toBeNull();
    expect(videoOf([asset('b', 'unedited_video'), asset('c', 'edited_video')])?.id).toBe('b');
  });

  it('lists clips highest score first, with their kind', () => {
    const clip = (id: string, score: number, long: boolean) =>
      ({
        id,
        title: id,
        description: '',
        engagement_score: score,
        confirmed: false,
        is_long_form: long,
        start: 0,
        end: 10,
      }) as Clip;
    const list = summariesOf([
      clip('low', 2, false),
      clip('long', 5, true),
      clip('high', 9, false),
    ]);
    expect(list.map((c) => [c.id, c.kind, c.score])).toEqual([
      ['high', 'short', 9],
      ['long', 'long', 5],
      ['low', 'short', 2],
    ]);
  });
});
