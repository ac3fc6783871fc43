import { apiPaths, templateListResponseSchema } from '@roughcut/shared';
import { api } from './api-client.ts';

// SPEC section 7 "Templates": the list the create panel's Select Style offers. The editor's save,
// create and delete calls arrive with the template editor.
export const templatesApi = {
  list: (signal?: AbortSignal) =>
    api.get(apiPaths.templates(), {
      schema: templateListResponseSchema,
      ...(signal && { signal }),
    }),
};
