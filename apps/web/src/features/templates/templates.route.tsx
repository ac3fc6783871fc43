import { TemplateEditorPage } from './template-editor.page.tsx';

// SPEC 2.11: lazy route module for /templates.
export function Component() {
  return <TemplateEditorPage />;
}
