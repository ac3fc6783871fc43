import { DEFAULT_DRAW_SETTINGS, templateSettings } from '@roughcut/shared';
import type { DrawSettings, Template } from '@roughcut/shared';

// SPEC 4.5: the template editor's state and its transitions, kept apart from the screen so each
// rule is tested on its own. Loading, saving, creating and deleting are the queries' own flags.

export type Rgb = { r: number; g: number; b: number };

/** SPEC 3: the example background colour (editor only) defaults to black. */
export const DEFAULT_EXAMPLE_BACKGROUND: Rgb = { r: 0, g: 0, b: 0 };

export type TemplateEditorState = {
  /** The chosen template, or null for the blank option "--". */
  selectedId: string | null;
  /** The name box's text. */
  name: string;
  settings: DrawSettings;
  background: Rgb;
  /** The name box shows instead of the template selector. */
  editingName: boolean;
  /** Landscape example (1920x1080); portrait by default. */
  landscape: boolean;
  /** The first list of templates has been applied. */
  loaded: boolean;
};

export type TemplateEditorAction =
  | { type: 'templates-loaded'; templates: readonly Template[] }
  | { type: 'select'; template: Template | null }
  /** The pencil; `name` is the selected template's, so an abandoned edit starts afresh. */
  | { type: 'edit-name'; name?: string }
  | { type: 'toggle-edit' }
  | { type: 'rename'; name: string }
  | { type: 'change-settings'; settings: DrawSettings }
  | { type: 'change-background'; background: Rgb }
  | { type: 'set-landscape'; landscape: boolean }
  | { type: 'created'; id: string; name: string }
  | { type: 'saved'; name: string }
  | { type: 'deleted' };

export const initialTemplateEditorState: TemplateEditorState = {
  selectedId: null,
  name: '',
  settings: DEFAULT_DRAW_SETTINGS,
  background: DEFAULT_EXAMPLE_BACKGROUND,
  editingName: false,
  landscape: false,
  loaded: false,
};

const selectTemplate = (state: TemplateEditorState, template: Template): TemplateEditorState => ({
  ...state,
  selectedId: template.id,
  name: template.name,
  settings: templateSettings(template),
});

const blank = (state: TemplateEditorState): TemplateEditorState => ({
  ...state,
  selectedId: null,
  name: '',
  settings: DEFAULT_DRAW_SETTINGS,
});

export function templateEditorReducer(
  state: TemplateEditorState,
  action: TemplateEditorAction,
): TemplateEditorState {
  switch (action.type) {
    case 'templates-loaded': {
      const { templates } = action;
      // NOTE: with no template left there is nothing to select: the name box is the way on.
      if (templates.length === 0) return { ...state, loaded: true, editingName: true };
      if (!state.loaded) {
        const [first] = templates;
        const next = { ...state, loaded: true };
        return state.selectedId === null && first ? selectTemplate(next, first) : next;
      }
      // A template deleted elsewhere (another tab) is no longer selected.
      if (state.selectedId !== null && !templates.some((t) => t.id === state.selectedId))
        return { ...state, selectedId: null };
      return state;
    }
    case 'select':
      return action.template ? selectTemplate(state, action.template) : blank(state);
    case 'edit-name':
      return { ...state, editingName: true, name: action.name ?? state.name };
    case 'toggle-edit':
      return { ...state, editingName: !state.editingName };
    case 'rename':
      return { ...state, name: action.name };
    case 'change-settings':
      return { ...state, settings: action.settings };
    case 'change-background':
      return { ...state, background: action.background };
    case 'set-landscape':
      return { ...state, landscape: action.landscape };
    case 'created':
      return { ...state, selectedId: action.id, name: action.name, editingName: false };
    case 'saved':
      return { ...state, name: action.name, editingName: false };
    case 'deleted':
      return { ...blank(state), editingName: false };
  }
}

/** The name a new template gets when none was typed: the first free "Template N". */
export function nextTemplateName(templates: readonly Pick<Template, 'name'>[]): string {
  const taken = new Set(templates.map((t) => t.name.trim().toLowerCase()));
  let n = templates.length + 1;
  while (taken.has(`template ${n}`)) n += 1;
  return `Template ${n}`;
}

/** True when the shown settings differ from the selected template's saved ones. */
export function hasUnsavedChanges(
  state: Pick<TemplateEditorState, 'selectedId' | 'name' | 'settings'>,
  templates: readonly Template[],
): boolean {
  const selected = templates.find((t) => t.id === state.selectedId);
  if (!selected) return false;
  const saved = templateSettings(selected);
  return (
    selected.name !== state.name.trim() ||
    (Object.keys(saved) as (keyof DrawSettings)[]).some((key) => saved[key] !== state.settings[key])
  );
}
