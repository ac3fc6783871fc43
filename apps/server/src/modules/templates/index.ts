// The templates module's one public entry: other modules import from here only.
export { templatesModule } from './templates.routes.ts';
export { ownsTemplate } from './templates.service.ts';
export { findTemplateById } from './templates.repository.ts';
