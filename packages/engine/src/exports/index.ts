export * from './transcript-exports.ts';
export * from './frame-time.ts';
export * from './export-timeline.ts';
export * from './export-formats.ts';
export { toKdenlive } from './kdenlive.ts';
export { layoutZip, readStoredZip, ZIP_MAX_BYTES } from './zip-layout.ts';
export type { ZipEntryHead, ZipLayout, StoredZipEntry } from './zip-layout.ts';
