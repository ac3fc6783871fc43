import { ALREADY_DOWNLOADING } from '../../lib/job-list.rules.ts';

// SPEC 2.9 and 5: Download fetches {url}, then the file, saved under the content-disposition name;
// a second click while one runs alerts "Your video is already downloading".

export type DownloadGuard = {
  /** Runs `task` unless one is running; then `onBusy` gets the spec's message instead. */
  run: (task: () => Promise<void>, onBusy: (message: string) => void) => Promise<void>;
  readonly busy: boolean;
};

export function createDownloadGuard(onChange?: (busy: boolean) => void): DownloadGuard {
  let busy = false;
  return {
    get busy() {
      return busy;
    },
    async run(task, onBusy) {
      if (busy) {
        onBusy(ALREADY_DOWNLOADING);
        return;
      }
      busy = true;
      onChange?.(true);
      try {
        await task();
      } finally {
        busy = false;
        onChange?.(false);
      }
    },
  };
}

/** The name to save under: the server's, else the edit's name with the type's extension. */
export const downloadFileName = (
  fromHeader: string | undefined,
  jobName: string,
  contentType: string,
): string => {
  if (fromHeader && fromHeader.trim() !== '') return fromHeader.trim();
  const base = jobName.trim().replace(/[\\/:*?"<>|]+/g, '_') || 'video';
  return `${base}${contentType.includes('zip') ? '.zip' : '.mp4'}`;
};

export { saveBlob } from '../../lib/save-blob.ts';
