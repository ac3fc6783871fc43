// Progress on stderr: a terminal gets one line rewritten in place; a log (a pipe, a file, CI)
// gets a line per stage and per tenth, so it stays short and readable afterwards.
import { timeLeftText } from '../edit-status.rules.ts';
import type { EditStatus } from '../edit-status.rules.ts';

export type ProgressUpdate = {
  label: string;
  /** 0-1, or null when the step reports none. */
  fraction: number | null;
  detail?: string;
};

const clamp = (fraction: number): number => Math.min(1, Math.max(0, fraction));

/** "Transcribing 42% (about 1 min left)". */
export function progressText(update: ProgressUpdate): string {
  const percent = update.fraction === null ? '' : ` ${Math.floor(clamp(update.fraction) * 100)}%`;
  return `${update.label}${percent}${update.detail ? ` (${update.detail})` : ''}`;
}

/** Lines go to a log when this changes: a new stage, or the next tenth of the same one. */
export function milestoneOf(update: ProgressUpdate): string {
  const tenth = update.fraction === null ? '' : String(Math.floor(clamp(update.fraction) * 10));
  return `${update.label}\n${tenth}`;
}

const megabytes = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(1);

/** "Uploading talk.mp4 45% (12.3 of 27.1 MB)". */
export function uploadUpdate(fileName: string, sent: number, total: number): ProgressUpdate {
  return {
    label: `Uploading ${fileName}`,
    fraction: total > 0 ? sent / total : null,
    detail: `${megabytes(sent)} of ${megabytes(total)} MB`,
  };
}

/** The edit's stage and progress while it runs on the server. */
export function statusUpdate(status: EditStatus): ProgressUpdate {
  const left = timeLeftText(status.secondsLeft);
  return { label: status.label, fraction: status.progress, ...(left && { detail: left }) };
}

export type ProgressStream = { write(text: string): unknown; isTTY?: boolean; columns?: number };

export type ProgressPrinter = {
  update(update: ProgressUpdate): void;
  /** A message of its own line (a step done, a warning), below the progress. */
  note(text: string): void;
  /** Ends the line a terminal was rewriting. */
  end(): void;
};

export function createProgressPrinter(stream: ProgressStream): ProgressPrinter {
  let lineOpen = false;
  let shown: string | undefined;
  const end = () => {
    if (!lineOpen) return;
    stream.write('\n');
    lineOpen = false;
    // NOTE: the terminal's next update starts a fresh line, even with the same text.
    shown = undefined;
  };
  return {
    update(update) {
      if (stream.isTTY) {
        // NOTE: a terminal of unknown size (0 columns under `script`, some CI shells) gets 80.
        const columns = stream.columns !== undefined && stream.columns > 0 ? stream.columns : 80;
        const text = progressText(update).slice(0, Math.max(20, columns - 1));
        if (text === shown) return;
        shown = text;
        // NOTE: \r and "erase line" rewrite the one line in place, shorter text included.
        stream.write(`\r\x1b[2K${text}`);
        lineOpen = true;
        return;
      }
      const milestone = milestoneOf(update);
      if (milestone === shown) return;
      shown = milestone;
      stream.write(`${progressText(update)}\n`);
    },
    note(text) {
      end();
      stream.write(`${text}\n`);
    },
    end,
  };
}
