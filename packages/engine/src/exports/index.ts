export * from './transcript-exports.ts';
export * from './frame-time.ts';
export * from './export-timeline.ts';
export * from './export-formats.ts';
export { toKdenlive } from './kdenlive.ts';
