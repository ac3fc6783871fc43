// The filler corpus and its scoring for other workspaces' tests (`@roughcut/engine/testing/fillers`).
export * from './filler-corpus.ts';
export * from './filler-metrics.ts';
