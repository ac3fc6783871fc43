import { describe, expect, it } from 'vitest';
import { remainingEdits, stepsFromOptions, TRIAL_EXHAUSTED_MESSAGE } from '@roughcut/shared';
import {
  checkSelectedFiles,
  createPanelSections,
  DEFAULT_MAX_WORDS_CHOICE,
  editsRemainingLabel,
  generateDefaultEditName,
  isTrialExhausted,
  MAX_WORDS_CHOICES,
  STEP_LABELS,
  trialNotice,
  validateCreateEdit,
} from './create-edit.rules.ts';

const file = { name: 'talk.mp4' };
const both = { longForm: true, shortForm: true };

describe('create edit validation (spec 5), in order', () => {
  it('asks for a name first', () => {
    expect(
      validateCreateEdit({ name: ' ', file: null, options: { longForm: false, shortForm: false } }),
    ).toBe('Please enter a name first');
  });

  it('then for a file', () => {
    expect(validateCreateEdit({ name: 'a', file: null, options: both })).toBe(
      'Please upload a video file first',
    );
    expect(validateCreateEdit({ name: 'a', file: undefined, options: both })).toBe(
      'Please upload a video file first',
    );
  });

  it('then for an option', () => {
    expect(
      validateCreateEdit({ name: 'a', file, options: { longForm: false, shortForm: false } }),
    ).toBe('Please select at least one option for how to edit your video first');
  });

  it('passes with a name, a file and an option', () => {
    expect(
      validateCreateEdit({ name: 'a', file, options: { longForm: true, shortForm: false } }),
    ).toBeNull();
  });
});

describe('file selection', () => {
  it('accepts one file only', () => {
    expect(checkSelectedFiles([file, file])).toEqual({
      file: null,
      error: 'Please only upload one file',
      warning: null,
    });
    expect(checkSelectedFiles([])).toEqual({ file: null, error: null, warning: null });
  });

  it('warns when the name does not end in .mp4', () => {
    expect(checkSelectedFiles([{ name: 'talk.mov' }]).warning).toBe(
      'File does not end in .mp4. Only .mp4 files can be edited',
    );
    expect(checkSelectedFiles([{ name: 'TALK.MP4' }])).toEqual({
      file: { name: 'TALK.MP4' },
      error: null,
      warning: null,
    });
  });
});

describe('defaults and options', () => {
  it('names a new edit "Untitled-Edit-" plus 8 random characters', () => {
    const name = generateDefaultEditName();
    expect(name).toMatch(/^Untitled-Edit-[A-Za-z0-9]{8}$/);
    expect(generateDefaultEditName()).not.toBe(name);
    expect(generateDefaultEditName(() => new Uint8Array([0, 1, 2, 25, 26, 61, 62, 255]))).toBe(
      'Untitled-Edit-ABCZa9AH',
    );
  });

  it('offers max words 1 to 10, default 5', () => {
    expect(MAX_WORDS_CHOICES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(DEFAULT_MAX_WORDS_CHOICE).toBe(5);
  });

  it('maps the checkboxes to steps and sections', () => {
    expect(stepsFromOptions(both)).toEqual(['optimised-long-form', 'short-form-clips']);
    expect(stepsFromOptions({ longForm: false, shortForm: true })).toEqual(['short-form-clips']);
    expect(STEP_LABELS['optimised-long-form']).toBe('Optimised Long Form');
    expect(STEP_LABELS['short-form-clips']).toBe('Short Form Clip');
    expect(createPanelSections({ longForm: false, shortForm: false })).toEqual({
      showConfigure: false,
      showShortFormSettings: false,
    });
    expect(createPanelSections({ longForm: true, shortForm: false })).toEqual({
      showConfigure: true,
      showShortFormSettings: false,
    });
    expect(createPanelSections(both).showShortFormSettings).toBe(true);
  });
});

describe('trial (spec 9)', () => {
  it('remains 10 minus download_count, never negative', () => {
    expect(remainingEdits(0)).toBe(10);
    expect(remainingEdits(3)).toBe(7);
    expect(remainingEdits(10)).toBe(0);
    expect(remainingEdits(12)).toBe(0);
  });

  it('uses the plural except for exactly one', () => {
    expect(editsRemainingLabel(0)).toBe('0 edits remaining');
    expect(editsRemainingLabel(1)).toBe('1 edit remaining');
    expect(editsRemainingLabel(2)).toBe('2 edits remaining');
  });

  it('shows the notice to trial users only', () => {
    expect(trialNotice({ subscription_type: 'trial', download_count: 9 })).toBe('1 edit remaining');
    expect(trialNotice({ subscription_type: 'standard', download_count: 50 })).toBeNull();
    expect(trialNotice(null)).toBeNull();
  });

  it('is exhausted at 10 downloads with the spec message', () => {
    expect(isTrialExhausted({ subscription_type: 'trial', download_count: 10 })).toBe(true);
    expect(isTrialExhausted({ subscription_type: 'trial', download_count: 9 })).toBe(false);
    expect(isTrialExhausted({ subscription_type: 'standard', download_count: 99 })).toBe(false);
    expect(TRIAL_EXHAUSTED_MESSAGE).toBe(
      '0 edits remaining - Please upgrade your account to continue.',
    );
  });
});
