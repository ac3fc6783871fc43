// Issue 33 on the real engine and queue: while a run processes, the job answers which stage it is
// in (in the analysis' order, then "Rendering clip n of m") and the time left; once it is done the
// stages' measured speeds are kept for the next run's estimate.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANALYSIS_STAGES,
  RUN_STAGES,
  apiPaths,
  autoJobSchema,
  expectedSeconds,
} from '@roughcut/shared';
import type { AutoJob, JobInstance, JobStatus, RunStage } from '@roughcut/shared';
import { TEST_DATABASES, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { talkingVideo } from '../../test/test-media.ts';
import { startVideoEdit } from '../../test/video-edits.ts';
import type { VideoEdit } from '../../test/video-edits.ts';
import { readWorkSpeeds } from './work-speeds.repository.ts';

type Seen = { at: number; run: JobInstance };

/** Every answer of the job (as the job page polls it) until it reaches `status`. */
async function watchUntil(edit: VideoEdit, status: JobStatus): Promise<Seen[]> {
  const seen: Seen[] = [];
  const deadline = Date.now() + 300_000;
  for (;;) {
    const job: AutoJob = autoJobSchema.parse(
      (await edit.call('GET', apiPaths.autojob(edit.job.id))).json(),
    );
    if (job.job_instance) seen.push({ at: Date.now(), run: job.job_instance });
    if (job.status === 'failed') throw new Error(job.job_instance?.failure_reason ?? 'failed');
    if (job.status === status) return seen;
    if (Date.now() > deadline) throw new Error(`still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The stages in the order they were first seen. */
const stagesOf = (seen: readonly Seen[]): RunStage[] => [
  ...new Set(seen.flatMap(({ run }) => (run.stage ? [run.stage] : []))),
];

describe.each(TEST_DATABASES)("a run's stage and time left on %s", (kind) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    dir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-run-progress-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(
    'names each stage with its time left, then keeps the speeds measured',
    { timeout: 600_000 },
    async () => {
      expect(await readWorkSpeeds(t.app.ctx.db)).toEqual({});
      const edit = await startVideoEdit(t, await readFile(await talkingVideo(dir)), {
        steps: ['optimised-long-form', 'short-form-clips'],
        name: 'Progress',
      });

      const analysis = await watchUntil(edit, 'awaiting-confirmation');
      const processing = analysis.filter(({ run }) => run.status === 'processing');
      const stages = stagesOf(processing);
      console.log(`analysis stages seen: ${stages.join(', ')}`);
      expect(stages).toContain('transcribing');
      // In the analysis' order, whichever were caught by the polls.
      expect(
        [...stages].sort((a, b) => ANALYSIS_STAGES.indexOf(a) - ANALYSIS_STAGES.indexOf(b)),
      ).toEqual(stages);
      for (const { run } of processing.filter(({ run }) => run.stage)) {
        expect(RUN_STAGES).toContain(run.stage);
        expect(run.stage_clip).toBeNull();
        expect(run.seconds_left).toBeGreaterThanOrEqual(0);
      }
      // Counted down: the time left while transcribing falls as the transcription goes on.
      const transcribing = processing.filter(({ run }) => run.stage === 'transcribing');
      const first = transcribing[0]?.run.seconds_left ?? 0;
      const last = transcribing.at(-1)?.run.seconds_left ?? 0;
      expect(last).toBeLessThanOrEqual(first);
      const done = analysis.at(-1)?.run;
      expect(done).toMatchObject({ stage: null, stage_clip: null, seconds_left: null });

      // NOTE: kept just after the run moves on (best effort, outside its closing transaction).
      const measured = (count: number) =>
        expect
          .poll(async () => Object.keys(await readWorkSpeeds(t.app.ctx.db)).length)
          .toBeGreaterThanOrEqual(count);
      await measured(6);
      const speeds = await readWorkSpeeds(t.app.ctx.db);
      console.log(`measured after the analysis: ${JSON.stringify(speeds)}`);
      for (const kind of ['probe', 'audio', 'energy', 'transcribe', 'phrases', 'clips'] as const) {
        expect(expectedSeconds(speeds[kind] ?? { fixedS: 0, perS: 0 }, 60)).toBeGreaterThan(0);
      }
      // How good the estimate was: the time left first seen while transcribing, against the
      // time the analysis then still took.
      const firstTranscribing = transcribing[0];
      const endAt = analysis.at(-1)?.at ?? 0;
      if (firstTranscribing) {
        console.log(
          `estimated ${firstTranscribing.run.seconds_left} s left, took ${((endAt - firstTranscribing.at) / 1000).toFixed(1)} s`,
        );
      }

      const instanceId = done?.id ?? '';
      const clips = (await edit.call('GET', apiPaths.instanceClips(edit.job.id, instanceId))).json<
        unknown[]
      >();
      expect(
        (await edit.call('POST', apiPaths.instanceClipsConfirm(edit.job.id, instanceId)))
          .statusCode,
      ).toBe(200);
      expect(
        (await edit.call('POST', apiPaths.instanceConfirm(edit.job.id, instanceId))).statusCode,
      ).toBe(200);
      const render = (await watchUntil(edit, 'finished')).filter(
        ({ run }) => run.status === 'processing' && run.stage,
      );
      expect(stagesOf(render)).toContain('rendering');
      for (const { run } of render.filter(({ run }) => run.stage === 'rendering')) {
        expect(run.stage_clip?.count).toBe(clips.length);
        expect(run.stage_clip?.number).toBeGreaterThanOrEqual(1);
      }
      const numbers = render.map(({ run }) => run.stage_clip?.number ?? 0);
      expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);

      await measured(8);
      const after = await readWorkSpeeds(t.app.ctx.db);
      console.log(`measured after the render: ${JSON.stringify(after)}`);
      expect(after['render-long']).toBeDefined();
      expect(after['render-short']).toBeDefined();
    },
  );
});
