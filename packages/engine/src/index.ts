// The engine's light entry (`@roughcut/engine`): its types, probing, upload limits, the subtitle
// fonts and which languages can be transcribed. Nothing here loads a recogniser, a model or the
// renderer, so a process that only serves the API stays small (the server's engine door,
// apps/server/src/engine-adapter/, holds the test). The other entries, by weight:
// `@roughcut/engine/subtitles` (browser-safe ASS), `@roughcut/engine/exports` (the export writers)
// and `@roughcut/engine/work` (analyse, transcribe, render, reframe).
export * from './types.ts';
export * from './media/probe.ts';
export * from './media/probe-parse.ts';
export * from './media/upload-limits.ts';
export * from './subtitles/fonts-dir.ts';
export { availableLanguages, transcriberConfigFromEnv } from './languages/available-languages.ts';
