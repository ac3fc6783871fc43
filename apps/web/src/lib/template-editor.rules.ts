import { EXAMPLE_LANDSCAPE, EXAMPLE_PORTRAIT } from '@roughcut/shared';

// SPEC 2.11, 4.5 and 5 "Template editor".

export const DELETE_TEMPLATE_NO_SELECTION = 'Please select a template to delete first.';

/** The empty first option of the template selector. */
export const TEMPLATE_PLACEHOLDER_LABEL = '--';

export type VerticalPaddingLabel = 'Bottom Padding' | 'Top Padding' | 'Vertical Padding';

/**
 * The vertical padding control's label by alignment (numpad layout): 1-3 bottom, 7-9 top; hidden
 * (null) for the middle alignments 4, 5 and 6, which ignore the vertical margin.
 */
export const verticalPaddingLabel = (
  alignment: number | null | undefined,
): VerticalPaddingLabel | null => {
  if (alignment === 4 || alignment === 5 || alignment === 6) return null;
  if (alignment === 1 || alignment === 2 || alignment === 3) return 'Bottom Padding';
  if (alignment === 7 || alignment === 8 || alignment === 9) return 'Top Padding';
  return 'Vertical Padding';
};

export const ALIGNMENT_LABELS: Record<number, string> = {
  1: 'Bottom Left',
  2: 'Bottom Center',
  3: 'Bottom Right',
  4: 'Middle Left',
  5: 'Middle Center',
  6: 'Middle Right',
  7: 'Top Left',
  8: 'Top Center',
  9: 'Top Right',
};

export const BORDER_STYLE_LABELS: Record<1 | 3, string> = { 1: 'Outline', 3: 'Box' };

/** Outline and Shadow selects accept 0 to 4. */
export const OUTLINE_SHADOW_CHOICES: readonly number[] = [0, 1, 2, 3, 4];

/** Which header buttons show: Create only without templates, Save with them. */
export const templateHeaderButtons = (input: {
  templateCount: number;
  editingName: boolean;
}): { showCreate: boolean; showSave: boolean; showToggleEdit: boolean } => ({
  showCreate: input.templateCount === 0,
  showSave: input.templateCount > 0,
  showToggleEdit: input.templateCount > 0 && input.editingName,
});

/** Delete: the alert when nothing is selected, else null. */
export const checkTemplateDelete = (selectedId: string | null | undefined): string | null =>
  selectedId === null || selectedId === undefined || selectedId === ''
    ? DELETE_TEMPLATE_NO_SELECTION
    : null;

/** The example image size for the portrait/landscape toggle (default portrait). */
export const exampleImageSize = (landscape: boolean): { width: number; height: number } =>
  landscape ? { ...EXAMPLE_LANDSCAPE } : { ...EXAMPLE_PORTRAIT };
