export * from './types.ts';
export * from './media/ffmpeg-runner.ts';
export * from './render/example-image.ts';
