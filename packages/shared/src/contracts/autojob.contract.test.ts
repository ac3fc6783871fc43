import { describe, expect, it } from 'vitest';
import {
  addStepRequestSchema,
  autoJobListResponseSchema,
  autoJobSchema,
  createAutoJobRequestSchema,
  deleteStepRequestSchema,
  emptyRequestSchema,
  stepListResponseSchema,
  updateAutoJobRequestSchema,
} from './autojob.contract.ts';
import type { AutoJob } from './autojob.contract.ts';

const job: AutoJob = {
  id: 'job-1',
  name: 'My edit',
  status: 'awaiting-confirmation',
  steps: [{ step_type: 'short-form-clips' }],
  job_instance: {
    id: 'inst-1',
    auto_job_id: 'job-1',
    status: 'awaiting-confirmation',
    confirmed: false,
    failure_reason: null,
  },
  latest_job_instance_id: 'inst-1',
  template_id: null,
  language: 'en',
  max_words_in_phrase: 5,
  created_at: 1_700_000_000,
  last_updated_at: 1_700_000_100,
};

describe('auto job schemas', () => {
  it('accepts a job with its instance and a never-started job', () => {
    expect(autoJobSchema.parse(job)).toEqual(job);
    const fresh = { ...job, status: 'created', job_instance: null, latest_job_instance_id: null };
    expect(autoJobSchema.parse(fresh)).toEqual(fresh);
    expect(autoJobListResponseSchema.parse([job, fresh])).toHaveLength(2);
  });

  it('rejects unknown statuses and step types', () => {
    expect(autoJobSchema.safeParse({ ...job, status: 'running' }).success).toBe(false);
    expect(autoJobSchema.safeParse({ ...job, steps: [{ step_type: 'x' }] }).success).toBe(false);
  });

  it('lists steps as {step_type}', () => {
    expect(stepListResponseSchema.parse([{ step_type: 'optimised-long-form' }])).toEqual([
      { step_type: 'optimised-long-form' },
    ]);
  });
});

describe('PUT /api/manage/autojob', () => {
  it('takes a name and a list of step types', () => {
    const body = { name: ' Edit ', steps: ['optimised-long-form', 'short-form-clips'] };
    expect(createAutoJobRequestSchema.parse(body)).toEqual({ ...body, name: 'Edit' });
  });

  it('requires a name with the spec message', () => {
    const result = createAutoJobRequestSchema.safeParse({ name: '  ', steps: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a name first');
  });

  it('rejects duplicate and unknown steps', () => {
    const dup = createAutoJobRequestSchema.safeParse({
      name: 'a',
      steps: ['short-form-clips', 'short-form-clips'],
    });
    expect(dup.error?.issues[0]?.message).toBe('Each step type may be added only once.');
    const unknown = createAutoJobRequestSchema.safeParse({ name: 'a', steps: ['resize'] });
    expect(unknown.error?.issues[0]?.message).toContain('optimised-long-form, short-form-clips');
  });
});

describe('POST /api/manage/autojob/{id}', () => {
  it('applies the editable fields of the whole job and strips the rest', () => {
    const parsed = updateAutoJobRequestSchema.parse({ ...job, name: 'Renamed', template_id: 't1' });
    expect(parsed).toEqual({
      name: 'Renamed',
      template_id: 't1',
      language: 'en',
      max_words_in_phrase: 5,
    });
  });

  it('sets the default framing of new clips, one of centre, follow and split', () => {
    expect(updateAutoJobRequestSchema.parse({ reframe: 'follow' })).toEqual({ reframe: 'follow' });
    expect(updateAutoJobRequestSchema.safeParse({ reframe: 'wide' }).success).toBe(false);
  });

  it('accepts partial updates and clearing the template', () => {
    expect(updateAutoJobRequestSchema.parse({ template_id: null })).toEqual({ template_id: null });
    expect(updateAutoJobRequestSchema.parse({})).toEqual({});
  });

  it('checks language and max words per phrase (1-10)', () => {
    expect(updateAutoJobRequestSchema.safeParse({ language: 'xx' }).success).toBe(false);
    expect(updateAutoJobRequestSchema.safeParse({ language: 'su' }).success).toBe(true);
    for (const bad of [0, 11, 2.5]) {
      expect(updateAutoJobRequestSchema.safeParse({ max_words_in_phrase: bad }).success).toBe(
        false,
      );
    }
    for (const good of [1, 10]) {
      expect(updateAutoJobRequestSchema.safeParse({ max_words_in_phrase: good }).success).toBe(
        true,
      );
    }
  });
});

describe('step bodies', () => {
  it('adds a step from {step_type}', () => {
    expect(addStepRequestSchema.parse({ step_type: 'short-form-clips' })).toEqual({
      step_type: 'short-form-clips',
    });
  });

  it('deletes a step from the step type alone (a JSON string)', () => {
    expect(deleteStepRequestSchema.parse(JSON.parse('"optimised-long-form"'))).toBe(
      'optimised-long-form',
    );
    expect(deleteStepRequestSchema.safeParse({ step_type: 'short-form-clips' }).success).toBe(
      false,
    );
  });

  it('accepts empty bodies for start, cancel and confirm', () => {
    for (const body of [undefined, null, {}]) {
      expect(emptyRequestSchema.safeParse(body).success).toBe(true);
    }
    expect(emptyRequestSchema.safeParse('x').success).toBe(false);
  });
});
