import { fingerprintFile } from '../../lib/file-fingerprint.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { sameFileProblem } from './paused-upload.rules.ts';
import type { PausedUpload } from './paused-upload.rules.ts';

type Upload = (file: File, resume?: { url: string; fingerprint: string }) => Promise<void>;

/** Checks a chosen file is the paused upload's own, then goes on from where it stopped. */
export function useResumeUpload(paused: PausedUpload | null, upload: Upload) {
  return async (file: File): Promise<void> => {
    if (!paused) return;
    const fingerprint = await fingerprintFile(file);
    const problem = sameFileProblem(paused, file, fingerprint);
    if (problem) {
      showAlert(problem);
      return;
    }
    await upload(file, { url: paused.url, fingerprint });
  };
}
