// The server's share of the scale bench (issue 35): an analysed talk stored as the analyse job
// stores it (its clips awaiting confirmation, its waveform), then the clip screen's confirm of the
// long form with all its gaps, through the app's own routes (inject: parse, checks, the database).
import {
  DEFAULT_DRAW_SETTINGS,
  apiPaths,
  clipListResponseSchema,
  clipSchema,
  waveformResponseSchema,
} from '@roughcut/shared';
import type { Clip, WaveformResponse } from '@roughcut/shared';
import { runPort } from '../src/modules/edit/index.ts';
import { longTalk, seedExportableRun } from '../src/modules/edit/exports.fixtures.ts';
import { startTestApp } from '../src/test/test-app.ts';
import type { TestApp } from '../src/test/test-app.ts';
import { caller, createJob, signUp } from '../src/test/video-edits.ts';
import type { Call } from '../src/test/video-edits.ts';
import type { EngineScale } from './scale-engine.ts';
// NOTE: the body the clip screen sends, built by the clip screen's own rules (test code only).
import {
  buildClipConfirmPayload,
  confirmAllSteps,
} from '../../web/src/features/clip-screen/clip-confirm.rules.ts';

export type ServerScale = {
  /** The clip screen's two loads: the clip and its waveform, as answered. */
  clip: Clip;
  waveform: WaveformResponse;
  /**
   * Milliseconds of the long form's confirm with all its gaps cut (server side), the best of
   * several: on a busy machine the others' work stretches any one of them.
   */
  confirmMs: number;
  /** Milliseconds to answer the clip (what the clip screen loads first), the best of several. */
  loadClipMs: number;
};

const REPEATS = 5;

async function timedCall(call: Call, ...args: Parameters<Call>): Promise<[unknown, number]> {
  const started = performance.now();
  const response = await call(...args);
  const ms = performance.now() - started;
  if (response.statusCode !== 200) {
    throw new Error(
      `scale: ${args[0]} ${args[1]} answered ${response.statusCode}: ${response.body}`,
    );
  }
  return [response.json(), ms];
}

export type ScaleServer = {
  measure(engine: EngineScale): Promise<ServerScale>;
  close(): Promise<void>;
};

export async function startScaleServer(): Promise<ScaleServer> {
  const t: TestApp = await startTestApp('pglite');
  const call = caller(t, await signUp(t));
  return {
    close: () => t.close(),
    async measure(engine) {
      const job = await createJob(call);
      const { durationS } = engine.analysis.probe;
      const seeded = await seedExportableRun(
        t.app.ctx.db,
        job.id,
        longTalk({ durationS, gaps: 1, phrases: 1 }),
        { awaiting: true },
      );
      // NOTE: the clips replaced by the analysis's own, as analyse.job.ts stores them.
      const db = t.app.ctx.db;
      await runPort.recordClips(
        db,
        seeded.instanceId,
        engine.analysis.clips.map((clip) => ({
          autoJobId: job.id,
          autoJobInstanceId: seeded.instanceId,
          stepType: clip.stepType,
          title: clip.title,
          description: clip.description,
          engagementScore: clip.engagementScore,
          isLongForm: clip.isLongForm,
          startS: clip.start,
          endS: clip.end,
          segments: clip.segments,
          gaps: clip.gaps,
          removeFillers: false,
          drawSettings: DEFAULT_DRAW_SETTINGS,
          scoreFeatures: clip.scoreFeatures,
        })),
      );
      await runPort.keepWaveform(
        t.app.ctx.storage,
        job.id,
        seeded.instanceId,
        engine.analysis.energy,
      );
      const list = await call('GET', apiPaths.instanceClips(job.id, seeded.instanceId));
      const listed = clipListResponseSchema.parse(list.json());
      const longId = listed.find((c) => c.is_long_form)?.id;
      if (!longId) throw new Error(`scale: no long form listed: ${list.body}`);

      const clipPath = apiPaths.clip(job.id, seeded.instanceId, longId);
      const loads: number[] = [];
      let clip: Clip | undefined;
      for (let i = 0; i < REPEATS; i++) {
        const [body, ms] = await timedCall(call, 'GET', clipPath);
        clip = clipSchema.parse(body);
        loads.push(ms);
      }
      if (!clip) throw new Error('scale: no clip');
      const [waveform] = await timedCall(
        call,
        'GET',
        apiPaths.clipWaveform(job.id, seeded.instanceId, longId),
      );

      const built = buildClipConfirmPayload({
        confirmedSteps: confirmAllSteps(),
        gaps: clip.gaps,
        drawSettings: clip.draw_settings,
        phrases: clip.segments,
      });
      if (!built.ok) throw new Error(built.error);
      const confirms: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        const [, ms] = await timedCall(
          call,
          'POST',
          apiPaths.clipConfirm(job.id, seeded.instanceId, longId),
          built.payload,
        );
        confirms.push(ms);
        await timedCall(call, 'POST', apiPaths.clipUnconfirm(job.id, seeded.instanceId, longId));
      }
      return {
        clip,
        waveform: waveformResponseSchema.parse(waveform),
        confirmMs: Math.min(...confirms),
        loadClipMs: Math.min(...loads),
      };
    },
  };
}
