import { LANGUAGES_ROUTE } from '@roughcut/shared';
import type { AppModule } from '../../app-context.ts';
import { requireUser } from '../auth/auth.guard.ts';
import { listLanguages } from './languages.service.ts';

export const languagesModule: AppModule = {
  name: 'languages',
  register(app) {
    app.get(LANGUAGES_ROUTE, { preHandler: requireUser }, async () => listLanguages());
  },
};
