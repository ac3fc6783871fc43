// Browser-safe entry (`@roughcut/engine/subtitles`): pure modules only, no node imports.
export * from './ass-format.ts';
export * from './build-ass.ts';
export * from './remap.ts';
export * from './caption-events.ts';
export * from './word-timing.ts';
