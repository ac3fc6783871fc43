// The engine's light side for the rest of the server: the types its tables and stores hold, the
// subtitle fonts, and which languages can be transcribed. NOTE: only `@roughcut/engine`'s light
// entry is imported, so any module may use this without loading the recognisers or the renderer.
export {
  FontFilesMissingError,
  availableLanguages,
  subtitleFontsDir,
  transcriberConfigFromEnv,
} from '@roughcut/engine';
export type {
  EnergyTrack,
  ProbeResult,
  TranscriberConfig,
  TranscriptChunkStore,
} from '@roughcut/engine';
