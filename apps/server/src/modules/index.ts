import type { AppModule } from '../app-context.ts';
import { accountModule } from './account/index.ts';
import { authModule } from './auth/index.ts';
import { billingModule } from './billing/index.ts';
import { editModule } from './edit/index.ts';
import { fontsModule } from './fonts/index.ts';
import { languagesModule } from './languages/index.ts';
import { mcpModule } from './mcp/index.ts';
import { templatesModule } from './templates/index.ts';
import { tokensModule } from './tokens/index.ts';
import { webhooksModule } from './webhooks/index.ts';

/** Every feature module with routes, registered in this order under the app. Add new modules here. */
export const modules: readonly AppModule[] = [
  authModule,
  accountModule,
  billingModule,
  editModule,
  templatesModule,
  languagesModule,
  fontsModule,
  tokensModule,
  webhooksModule,
  mcpModule,
];
