export * from './transcript-exports.ts';
