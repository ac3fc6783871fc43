// The create panel's upload bar, from XHR upload progress events.

export type UploadProgress = { loaded: number; total: number };

/** Whole percent sent, 0 to 100; 0 while the total is unknown. */
export const uploadProgressPercent = ({ loaded, total }: UploadProgress): number => {
  if (!(total > 0) || !(loaded > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
};

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB"; one decimal under 10 of a unit, whole numbers above. */
export const formatBytes = (bytes: number): string => {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${UNITS[unit]}`;
};

/** "Uploading clip.mp4... 42% (4.2 MB of 10 MB)", or without figures while the total is unknown. */
export const uploadProgressLabel = (fileName: string, progress: UploadProgress): string => {
  if (!(progress.total > 0)) return `Uploading ${fileName}...`;
  return `Uploading ${fileName}... ${uploadProgressPercent(progress)}% (${formatBytes(
    Math.min(progress.loaded, progress.total),
  )} of ${formatBytes(progress.total)})`;
};
