import type { AppModule } from '../app-context.ts';
import { accountModule } from './account/account.routes.ts';
import { authModule } from './auth/auth.routes.ts';

/** Every feature module, registered in this order under the app. Add new modules here. */
export const modules: readonly AppModule[] = [authModule, accountModule];
