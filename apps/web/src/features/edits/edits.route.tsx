import { EditsPage } from './edits.page.tsx';

// SPEC 2.6: the /edits route module (lazy-loaded by the router).
export function Component() {
  return <EditsPage />;
}
