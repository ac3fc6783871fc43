import { TRIAL_EDIT_LIMIT } from '../constants.ts';
import type { StepType } from '../constants.ts';

// SPEC 2.7 and 5 "Create edit", plus the trial rules of 6, 8 and 9.

export const CREATE_EDIT_MESSAGES = {
  nameRequired: 'Please enter a name first',
  fileRequired: 'Please upload a video file first',
  optionRequired: 'Please select at least one option for how to edit your video first',
  oneFileOnly: 'Please only upload one file',
  notMp4: 'File does not end in .mp4. Only .mp4 files can be edited',
} as const;

export type EditOptions = { longForm: boolean; shortForm: boolean };

export const stepsFromOptions = (options: EditOptions): StepType[] => [
  ...(options.longForm ? (['optimised-long-form'] as const) : []),
  ...(options.shortForm ? (['short-form-clips'] as const) : []),
];

export const TRIAL_EXHAUSTED_MESSAGE =
  '0 edits remaining - Please upgrade your account to continue.';

/** Trial edits left: 10 minus download_count, never below 0. */
export const remainingEdits = (downloadCount: number): number =>
  Math.max(0, TRIAL_EDIT_LIMIT - Math.max(0, Math.floor(downloadCount)));
