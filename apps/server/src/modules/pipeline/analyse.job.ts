import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_DRAW_SETTINGS, completeDrawSettings } from '@roughcut/shared';
import { handleJob } from '../../jobs/job.ts';
import { runPort, runQueueJobs } from '../edit/index.ts';
import { findTemplateById } from '../templates/index.ts';
import { analyseVideo, warmUpAnalysis } from '../../engine-adapter/engine.adapter.ts';
import { pinnedVideo } from './pinned-video.ts';
import { analysisAt, analysisPlan } from './run-progress.ts';
import { runStage } from './stage-runner.ts';
import { clearTranscriptChunks, transcriptChunkStore } from './transcript-chunks.storage.ts';

/**
 * Analysis of a started run: audio, transcription, phrases, gaps and clips, stored as clips
 * awaiting confirmation. Idempotent: a retry replaces the clips of an earlier try, and reuses the
 * transcription chunks it finished (kept in storage until the stage is over for good).
 */
export const analyseHandler = handleJob(
  runQueueJobs.analyse,
  async ({ instanceId }, context) => {
    const { db, storage } = context;
    await runStage('analyse', instanceId, context, async (run) => {
      const { job, instance, log } = run;
      const video = await pinnedVideo(db, storage, instance);
      const template = job.templateId ? await findTemplateById(db, job.templateId) : undefined;
      // NOTE: a template saved before a settings field existed gets that field's default.
      const drawSettings = template
        ? completeDrawSettings(template.settings)
        : DEFAULT_DRAW_SETTINGS;
      let reused = 0;
      const chunks = transcriptChunkStore(
        storage,
        { jobId: job.id, instanceId, language: job.language },
        () => (reused += 1),
      );
      run.whenDone(() => clearTranscriptChunks(storage, job.id, instanceId));
      run.plan(analysisPlan(instance));
      const workDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-analyse-'));
      try {
        const analysis = await analyseVideo({
          videoPath: video.path,
          workDir,
          language: job.language,
          maxWordsInPhrase: job.maxWordsInPhrase,
          steps: job.steps,
          signal: run.signal,
          onProgress: (f, at) => run.progress(f, analysisAt(at)),
          transcriptChunks: chunks,
        });
        if (reused > 0) log.info({ chunks: reused }, 'reused the transcription of an earlier try');
        try {
          await runPort.keepWaveform(storage, job.id, instanceId, analysis.energy);
        } catch (error) {
          // NOTE: the timeline works without its waveform; the clips must not be lost for it.
          log.warn({ err: error }, 'could not keep the waveform');
        }
        // NOTE: the probe with keyframes, so the render needs no probe of its own.
        await run.close(
          { type: 'await-confirmation' },
          { videoProbe: analysis.probe },
          async (tx) => {
            await runPort.recordClips(
              tx,
              instanceId,
              analysis.clips.map((clip) => ({
                autoJobId: job.id,
                autoJobInstanceId: instanceId,
                stepType: clip.stepType,
                title: clip.title,
                description: clip.description,
                engagementScore: clip.engagementScore,
                isLongForm: clip.isLongForm,
                startS: clip.start,
                endS: clip.end,
                segments: clip.segments,
                gaps: clip.gaps,
                removeFillers: job.removeFillers,
                drawSettings,
                scoreFeatures: clip.scoreFeatures,
                reframe: job.reframe,
              })),
            );
          },
        );
        // NOTE: the edit's default framing of its shorts is planned in the background while the
        // user reviews; without a queue (a direct call) the render plans it itself.
        const framed = analysis.clips.some((c) =>
          runPort.needsFraming({ ...c, reframe: job.reframe }),
        );
        if (framed && context.queue) {
          await context.queue
            .send(runQueueJobs.frameClips, { instanceId })
            .catch((error: unknown) => {
              log.warn({ err: error }, 'could not queue the framing of the clips');
            });
        }
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    });
  },
  // NOTE: the models open before the process takes jobs (engine pipeline/warm-up.ts).
  warmUpAnalysis,
);
