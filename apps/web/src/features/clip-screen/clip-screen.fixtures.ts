import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { AutoJob, Clip } from '@roughcut/shared';

// Test data of the clip screen's component tests: a clip as the server sends it.

const word = (text: string, confidence: number) => ({ text, start: 0, end: 0.1, confidence });

export const FIXTURE_GAPS = [
  { id: 'gap-0', start: 2.5, end: 3 },
  { id: 'gap-1', start: 4.25, end: 5 },
];

export const FIXTURE_CLIP: Clip = {
  id: 'clip-1',
  auto_job_id: 'job-1',
  auto_job_instance_id: 'instance-1',
  title: 'Rough cuts save hours',
  description: '',
  engagement_score: 8,
  status: 'awaiting-confirmation',
  confirmed: false,
  failure_reason: null,
  is_long_form: false,
  start: 1,
  end: 7,
  segments: [
    { start: 1, end: 2.5, phrase: 'welcome to the show', words: [word('welcome', 0.95)] },
    { start: 3, end: 4.25, phrase: 'rough cuts safe ours', words: [word('safe', 0.62)] },
    { start: 5, end: 6, phrase: 'then we find clips', words: [word('then', 0.85)] },
  ],
  draw_settings: { ...DEFAULT_DRAW_SETTINGS, size: 24 },
  gaps: FIXTURE_GAPS,
  detected_gaps: FIXTURE_GAPS,
  subtitles_burned: true,
  edits: { cut: false, subtitles: false },
};

export const FIXTURE_JOB: AutoJob = {
  id: 'job-1',
  name: 'Talk',
  status: 'awaiting-confirmation',
  steps: [{ step_type: 'short-form-clips' }],
  job_instance: {
    id: 'instance-1',
    auto_job_id: 'job-1',
    status: 'awaiting-confirmation',
    confirmed: false,
    failure_reason: null,
  },
  latest_job_instance_id: 'instance-1',
  template_id: null,
  language: 'en',
  max_words_in_phrase: 5,
  created_at: 1_700_000_000,
  last_updated_at: 1_700_000_000,
};
