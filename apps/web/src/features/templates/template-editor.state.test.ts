import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { Template } from '@roughcut/shared';
import {
  hasUnsavedChanges,
  initialTemplateEditorState,
  nextTemplateName,
  templateEditorReducer,
} from './template-editor.state.ts';
import type { TemplateEditorAction, TemplateEditorState } from './template-editor.state.ts';

const big: Template = { ...DEFAULT_DRAW_SETTINGS, size: 40, id: 't1', name: 'Big' };
const top: Template = { ...DEFAULT_DRAW_SETTINGS, alignment: 8, id: 't2', name: 'Top' };

const run = (...actions: TemplateEditorAction[]): TemplateEditorState =>
  actions.reduce(templateEditorReducer, initialTemplateEditorState);

describe('template editor state (SPEC 4.5)', () => {
  it('starts portrait, on the defaults, with a black example background', () => {
    expect(initialTemplateEditorState).toMatchObject({
      selectedId: null,
      landscape: false,
      editingName: false,
      settings: DEFAULT_DRAW_SETTINGS,
      background: { r: 0, g: 0, b: 0 },
    });
  });

  it('opens name editing on first load when there are no templates', () => {
    const state = run({ type: 'templates-loaded', templates: [] });
    expect(state).toMatchObject({ editingName: true, selectedId: null, loaded: true });
  });

  it('selects the first template on first load, with its name and settings', () => {
    const state = run({ type: 'templates-loaded', templates: [big, top] });
    expect(state).toMatchObject({ selectedId: 't1', name: 'Big', editingName: false });
    expect(state.settings).toEqual({ ...DEFAULT_DRAW_SETTINGS, size: 40 });
  });

  it('keeps a selection on later loads and never reselects the first by itself', () => {
    const chosen = run(
      { type: 'templates-loaded', templates: [big, top] },
      { type: 'select', template: top },
      { type: 'templates-loaded', templates: [big, top] },
    );
    expect(chosen.selectedId).toBe('t2');
    const cleared = run(
      { type: 'templates-loaded', templates: [big, top] },
      { type: 'select', template: null },
      { type: 'templates-loaded', templates: [big, top] },
    );
    expect(cleared.selectedId).toBeNull();
  });

  it('resets to the defaults when the blank option is chosen', () => {
    const state = run(
      { type: 'templates-loaded', templates: [big] },
      { type: 'change-settings', settings: { ...DEFAULT_DRAW_SETTINGS, bold: true } },
      { type: 'select', template: null },
    );
    expect(state).toMatchObject({ selectedId: null, name: '', settings: DEFAULT_DRAW_SETTINGS });
  });

  it('selects the new template and closes name editing after a create', () => {
    const state = run(
      { type: 'templates-loaded', templates: [] },
      { type: 'rename', name: 'Mine' },
      { type: 'created', id: 't9', name: 'Mine' },
    );
    expect(state).toMatchObject({ selectedId: 't9', name: 'Mine', editingName: false });
  });

  it('clears the selection and restores the defaults after a delete', () => {
    const state = run(
      { type: 'templates-loaded', templates: [big, top] },
      { type: 'deleted' },
      { type: 'templates-loaded', templates: [top] },
    );
    expect(state).toMatchObject({ selectedId: null, name: '', settings: DEFAULT_DRAW_SETTINGS });
    expect(state.editingName).toBe(false);
    // Deleting the last one leaves only the name box to create another.
    expect(
      templateEditorReducer(state, { type: 'templates-loaded', templates: [] }).editingName,
    ).toBe(true);
  });

  it('edits the name from the pencil and drops an abandoned edit', () => {
    const editing = run(
      { type: 'templates-loaded', templates: [big] },
      { type: 'edit-name', name: 'Big' },
      { type: 'rename', name: 'Huge' },
    );
    expect(editing).toMatchObject({ editingName: true, name: 'Huge' });
    const back = templateEditorReducer(editing, { type: 'toggle-edit' });
    expect(back.editingName).toBe(false);
    expect(templateEditorReducer(back, { type: 'edit-name', name: 'Big' }).name).toBe('Big');
  });

  it('toggles landscape and keeps the example background apart from the settings', () => {
    const state = run(
      { type: 'set-landscape', landscape: true },
      { type: 'change-background', background: { r: 0, g: 128, b: 0 } },
    );
    expect(state.landscape).toBe(true);
    expect(state.background).toEqual({ r: 0, g: 128, b: 0 });
    expect(state.settings).toEqual(DEFAULT_DRAW_SETTINGS);
  });

  it('forgets a selected template that was deleted elsewhere', () => {
    const state = run(
      { type: 'templates-loaded', templates: [big, top] },
      { type: 'templates-loaded', templates: [top] },
    );
    expect(state.selectedId).toBeNull();
  });
});

describe('template editor helpers', () => {
  it('names a new template with the first free number', () => {
    expect(nextTemplateName([])).toBe('Template 1');
    expect(nextTemplateName([{ name: 'Big' }, { name: 'template 3' }])).toBe('Template 4');
  });

  it('tells when the shown style differs from the saved template', () => {
    const base = {
      selectedId: 't1',
      name: 'Big',
      settings: { ...DEFAULT_DRAW_SETTINGS, size: 40 },
    };
    expect(hasUnsavedChanges(base, [big])).toBe(false);
    expect(hasUnsavedChanges({ ...base, name: 'Bigger' }, [big])).toBe(true);
    expect(
      hasUnsavedChanges({ ...base, settings: { ...base.settings, italic: true } }, [big]),
    ).toBe(true);
    expect(hasUnsavedChanges({ ...base, selectedId: null }, [big])).toBe(false);
  });
});
