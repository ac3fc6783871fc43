// The engine's work (`@roughcut/engine/work`): analysis (audio, voice, transcription, gaps,
// clips), rendering, reframing and the example image. Loading it loads the recognisers' runtimes,
// so only the server's engine door imports it, and only when a queue job or a request needs it.
export * from './media/ffmpeg-runner.ts';
export * from './render/example-image.ts';
export * from './frames/spans.ts';
export * from './frames/crop.ts';
export * from './render/cut-graph.ts';
export * from './render/encode-args.ts';
export * from './render/reframe.ts';
export * from './reframe/plan-reframe.ts';
export * from './render/smart-cut-args.ts';
export * from './render/long-form.ts';
export * from './render/short-clip.ts';
export * from './render/engine-clip.ts';
export * from './pipeline/progress.ts';
export * from './pipeline/analyse.ts';
export * from './pipeline/warm-up.ts';
export * from './render/render-common.ts';
export * from './audio/index.ts';
export * from './transcribe/index.ts';
