import { ApiReferencePage } from './api-reference.page.tsx';

// Issue 36: the /account/api/reference route module (lazy-loaded by the router).
export function Component() {
  return <ApiReferencePage />;
}
