// The account module's one public entry.
export { accountModule } from './account.routes.ts';
