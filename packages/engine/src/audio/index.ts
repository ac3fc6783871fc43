export * from './wav-header.ts';
export * from './extract-audio.ts';
export * from './energy-track.ts';
