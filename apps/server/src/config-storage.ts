// Where media is stored and how slow an upload may be.
import path from 'node:path';

/** The slowest upload body accepted (storage/upload-rate.ts watches it). */
export type MinUploadRate = {
  /** The slowest accepted average, in bytes per second; 0 turns the check off. */
  bytesPerSecond: number;
  /** How long the average is taken over. */
  windowMs: number;
};

/** 16 KB/s over a minute: far below any real connection, far above a trickle. */
export const DEFAULT_MIN_UPLOAD_RATE: MinUploadRate = {
  bytesPerSecond: 16 * 1024,
  windowMs: 60_000,
};

/** STORAGE_DIR when set, else DATA_DIR/media. */
export function resolveStorageDir(dataDir: string, storageDir?: string): string {
  return path.resolve(
    storageDir && storageDir.trim() !== '' ? storageDir : path.join(dataDir, 'media'),
  );
}
