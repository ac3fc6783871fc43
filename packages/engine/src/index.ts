export * from './types.ts';
export * from './media/ffmpeg-runner.ts';
