// The fonts module's one public entry.
export { fontsModule } from './fonts.routes.ts';
