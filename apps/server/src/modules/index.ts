import type { AppModule } from '../app-context.ts';
import { accountModule } from './account/account.routes.ts';
import { assetsModule } from './assets/assets.routes.ts';
import { authModule } from './auth/auth.routes.ts';
import { autojobsModule } from './autojobs/autojobs.routes.ts';
import { billingModule } from './billing/billing.routes.ts';
import { clipsModule } from './clips/clips.routes.ts';
import { fontsModule } from './fonts/fonts.routes.ts';
import { languagesModule } from './languages/languages.routes.ts';
import { templatesModule } from './templates/templates.routes.ts';

/** Every feature module, registered in this order under the app. Add new modules here. */
export const modules: readonly AppModule[] = [
  authModule,
  accountModule,
  billingModule,
  autojobsModule,
  assetsModule,
  clipsModule,
  templatesModule,
  languagesModule,
  fontsModule,
];
