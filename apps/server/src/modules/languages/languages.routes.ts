import { ENDPOINTS } from '@roughcut/shared';
import type { AppModule } from '../../app-context.ts';
import { routeEndpoint } from '../../http/endpoint-route.ts';
import { listLanguages } from './languages.service.ts';

export const languagesModule: AppModule = {
  name: 'languages',
  register(app) {
    routeEndpoint(app, ENDPOINTS.languages, {}, async () => listLanguages());
  },
};
