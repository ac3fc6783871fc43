import { describe, expect, it } from 'vitest';
import { updateAutoJobRequestSchema } from '@roughcut/shared';
import type { AutoJob } from '@roughcut/shared';
import { runCreateFlow, settingsFor } from './create-flow.ts';
import type { CreateEditInput, CreateFlowDeps } from './create-flow.ts';

const job = (id: string): AutoJob => ({
  id,
  name: 'n',
  status: 'created',
  steps: [],
  job_instance: null,
  latest_job_instance_id: null,
  template_id: null,
  language: 'en',
  max_words_in_phrase: 5,
  created_at: 0,
  last_updated_at: 0,
});

const input: CreateEditInput = {
  name: '  My edit ',
  file: new File(['x'], 'talk.mp4', { type: 'video/mp4' }),
  options: { longForm: true, shortForm: true },
  language: 'de',
  maxWordsInPhrase: 3,
  templateId: 't1',
};

function recorder(failAt?: string) {
  const calls: string[] = [];
  const step = <T>(name: string, value: T): Promise<T> => {
    calls.push(name);
    if (name.startsWith(failAt ?? '\0')) return Promise.reject(new Error(`${name} failed`));
    return Promise.resolve(value);
  };
  const deps: CreateFlowDeps = {
    create: (r) => step(`create ${r.name} ${r.steps.join(',')}`, job('j1')),
    update: (id, u) => step(`update ${id} ${JSON.stringify(u)}`, undefined),
    upload: async (id, file, onProgress) => {
      onProgress({ loaded: 1, total: 2 });
      return step(`upload ${id} ${file.name}`, undefined);
    },
    start: (id) => step(`start ${id}`, undefined),
    remove: (id) => step(`remove ${id}`, undefined),
    isRefusal: (error) => error instanceof Error && error.message.includes('refused'),
  };
  return { calls, deps };
}

describe('create flow', () => {
  it('creates, configures, uploads and starts in order', async () => {
    const { calls, deps } = recorder();
    const stages: string[] = [];
    const progress: number[] = [];
    const result = await runCreateFlow(input, deps, {
      onStage: (s) => stages.push(s),
      onProgress: (p) => progress.push(p.loaded),
    });
    expect(result).toEqual({ ok: true, jobId: 'j1' });
    expect(calls).toEqual([
      'create My edit optimised-long-form,short-form-clips',
      'update j1 {"language":"de","max_words_in_phrase":3,"template_id":"t1"}',
      'upload j1 talk.mp4',
      'start j1',
    ]);
    expect(stages).toEqual(['creating', 'configuring', 'uploading', 'starting']);
    expect(progress).toEqual([1]);
  });

  it('stops at the failing stage and reports the error', async () => {
    const { calls, deps } = recorder('upload');
    const result = await runCreateFlow(input, deps);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.stage).toBe('uploading');
      expect(result.jobId).toBe('j1');
      expect(String(result.error)).toContain('upload j1 talk.mp4 failed');
    }
    expect(calls.some((c) => c.startsWith('start'))).toBe(false);
    expect(calls.some((c) => c.startsWith('remove'))).toBe(false);
  });

  it('deletes the edit it made when the server refused the video', async () => {
    const { calls, deps } = recorder('upload');
    const refused = { ...deps, upload: () => Promise.reject(new Error('refused: text')) };
    const result = await runCreateFlow(input, refused);
    expect(result).toMatchObject({ ok: false, stage: 'uploading', jobId: 'j1' });
    expect(calls.at(-1)).toBe('remove j1');
  });

  it('sends no template for long form only', () => {
    expect(settingsFor({ ...input, options: { longForm: true, shortForm: false } })).toEqual({
      language: 'de',
      max_words_in_phrase: 3,
      template_id: null,
    });
  });

  it('sends the framing of short clips only when it is not the default centre', () => {
    expect(settingsFor(input)).not.toHaveProperty('reframe');
    expect(settingsFor({ ...input, reframe: 'follow' })).toMatchObject({ reframe: 'follow' });
    expect(
      settingsFor({ ...input, reframe: 'follow', options: { longForm: true, shortForm: false } }),
    ).not.toHaveProperty('reframe');
  });

  it('asks for fillers removed only when the option is ticked (off by default)', () => {
    expect(settingsFor(input)).not.toHaveProperty('remove_fillers');
    expect(settingsFor({ ...input, removeFillers: false })).not.toHaveProperty('remove_fillers');
    expect(settingsFor({ ...input, removeFillers: true })).toMatchObject({ remove_fillers: true });
    expect(
      updateAutoJobRequestSchema.parse(settingsFor({ ...input, removeFillers: true })),
    ).toMatchObject({ remove_fillers: true });
  });
});
