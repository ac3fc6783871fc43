// The languages module's one public entry.
export { languagesModule } from './languages.routes.ts';
