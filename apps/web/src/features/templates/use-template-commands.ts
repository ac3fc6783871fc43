import { templateNameSchema } from '@roughcut/shared';
import type { Template } from '@roughcut/shared';
import type { Dispatch } from 'react';
import { describeError } from '../../api/api-error.ts';
import { useTemplateMutations } from '../../api/templates.queries.ts';
import { showAlert } from '../../lib/show-alert.ts';
import type { TemplateEditorBusy } from './template-editor-header.tsx';
import { nextTemplateName } from './template-editor.state.ts';
import type { TemplateEditorAction, TemplateEditorState } from './template-editor.state.ts';
import { checkTemplateDelete } from '../../lib/template-editor.rules.ts';

// SPEC 8: a failed create, save or delete shows the server's err in an alert.
export const TEMPLATE_FALLBACKS = {
  create: 'There was an issue creating the template, please try again',
  save: 'There was an issue saving the template, please try again',
  remove: 'There was an issue deleting the template, please try again',
} as const;
export const SELECT_TEMPLATE_TO_SAVE = 'Please select a template to save first.';

/** The name as the server would take it, or null after alerting why it can't be used. */
function checkedName(name: string): string | null {
  const parsed = templateNameSchema.safeParse(name);
  if (parsed.success) return parsed.data;
  showAlert(parsed.error.issues[0]?.message ?? 'Please enter a template name first.');
  return null;
}

/** The editor's Create, Save, Create New Template and Delete, with the SPEC 4.5 state after each. */
export function useTemplateCommands(
  state: TemplateEditorState,
  dispatch: Dispatch<TemplateEditorAction>,
  templates: readonly Template[],
) {
  const { create, save, remove } = useTemplateMutations();
  const busy: TemplateEditorBusy = create.isPending
    ? 'creating'
    : save.isPending
      ? 'saving'
      : remove.isPending
        ? 'deleting'
        : null;

  const createNamed = (rawName: string) => {
    const name = checkedName(rawName);
    if (name === null) return;
    create.mutate(
      { name, template: state.settings },
      {
        onSuccess: ({ id }) => dispatch({ type: 'created', id, name }),
        onError: (error) => showAlert(describeError(error, TEMPLATE_FALLBACKS.create)),
      },
    );
  };

  const selected = templates.find((t) => t.id === state.selectedId);

  return {
    busy,
    /** Create (shown only without templates): the name typed in the name box. */
    create: () => createNamed(state.name),
    /** Save: the selected template, renamed when the name box is open. */
    save: () => {
      if (!selected) {
        // With nothing selected, a name typed for a fresh style makes a new template.
        if (state.editingName && state.name.trim() !== '') createNamed(state.name);
        else showAlert(SELECT_TEMPLATE_TO_SAVE);
        return;
      }
      const name = checkedName(state.editingName ? state.name : selected.name);
      if (name === null) return;
      save.mutate(
        { ...state.settings, id: selected.id, name },
        {
          onSuccess: () => dispatch({ type: 'saved', name }),
          onError: (error) => showAlert(describeError(error, TEMPLATE_FALLBACKS.save)),
        },
      );
    },
    /** Create New Template: the current style under the typed name, or the next free one. */
    createNew: () =>
      createNamed(
        state.editingName && state.name.trim() !== '' && state.name.trim() !== selected?.name
          ? state.name
          : nextTemplateName(templates),
      ),
    remove: () => {
      const problem = checkTemplateDelete(state.selectedId);
      if (problem || !state.selectedId) {
        showAlert(problem ?? '');
        return;
      }
      remove.mutate(state.selectedId, {
        onSuccess: () => dispatch({ type: 'deleted' }),
        onError: (error) => showAlert(describeError(error, TEMPLATE_FALLBACKS.remove)),
      });
    },
  };
}
