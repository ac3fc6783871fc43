import { describe, expect, it } from 'vitest';
import {
  ALIGNMENT_LABELS,
  BORDER_STYLE_LABELS,
  checkTemplateDelete,
  exampleImageSize,
  OUTLINE_SHADOW_CHOICES,
  templateHeaderButtons,
  TEMPLATE_PLACEHOLDER_LABEL,
  verticalPaddingLabel,
} from './template-editor.rules.ts';

describe('template editor rules (spec 2.11, 5)', () => {
  it('alerts when deleting with no selection', () => {
    expect(checkTemplateDelete(null)).toBe('Please select a template to delete first.');
    expect(checkTemplateDelete(undefined)).toBe('Please select a template to delete first.');
    expect(checkTemplateDelete('')).toBe('Please select a template to delete first.');
    expect(checkTemplateDelete('t1')).toBeNull();
  });

  it('labels vertical padding Bottom, Top or Vertical and hides it for 4, 5, 6', () => {
    for (const a of [1, 2, 3]) expect(verticalPaddingLabel(a)).toBe('Bottom Padding');
    for (const a of [7, 8, 9]) expect(verticalPaddingLabel(a)).toBe('Top Padding');
    for (const a of [4, 5, 6]) expect(verticalPaddingLabel(a)).toBeNull();
    expect(verticalPaddingLabel(undefined)).toBe('Vertical Padding');
    expect(verticalPaddingLabel(0)).toBe('Vertical Padding');
  });

  it('shows Create only without templates, Save and Toggle Edit with them', () => {
    expect(templateHeaderButtons({ templateCount: 0, editingName: true })).toEqual({
      showCreate: true,
      showSave: false,
      showToggleEdit: false,
    });
    expect(templateHeaderButtons({ templateCount: 2, editingName: false })).toEqual({
      showCreate: false,
      showSave: true,
      showToggleEdit: false,
    });
    expect(templateHeaderButtons({ templateCount: 2, editingName: true }).showToggleEdit).toBe(
      true,
    );
  });

  it('has the select choices and example sizes', () => {
    expect(TEMPLATE_PLACEHOLDER_LABEL).toBe('--');
    expect(Object.keys(ALIGNMENT_LABELS)).toHaveLength(9);
    expect(BORDER_STYLE_LABELS).toEqual({ 1: 'Outline', 3: 'Box' });
    expect(OUTLINE_SHADOW_CHOICES).toEqual([0, 1, 2, 3, 4]);
    expect(exampleImageSize(false)).toEqual({ width: 1080, height: 1920 });
    expect(exampleImageSize(true)).toEqual({ width: 1920, height: 1080 });
  });
});
