import { describe, expect, it } from 'vitest';
import {
  createProgressPrinter,
  milestoneOf,
  progressText,
  uploadUpdate,
} from './progress-lines.ts';

const recorder = (isTTY: boolean) => {
  const written: string[] = [];
  return { stream: { isTTY, columns: 60, write: (text: string) => written.push(text) }, written };
};

describe('progress lines', () => {
  it('reads as a label, a whole percent and a detail', () => {
    expect(
      progressText({ label: 'Transcribing', fraction: 0.426, detail: 'about 1 min left' }),
    ).toBe('Transcribing 42% (about 1 min left)');
    expect(progressText({ label: 'Waiting to start', fraction: null })).toBe('Waiting to start');
    expect(progressText(uploadUpdate('talk.mp4', 3 * 1024 * 1024, 12 * 1024 * 1024))).toBe(
      'Uploading talk.mp4 25% (3.0 of 12.0 MB)',
    );
  });

  it('gives a log a line per stage and per tenth only', () => {
    const { stream, written } = recorder(false);
    const printer = createProgressPrinter(stream);
    for (const fraction of [0, 0.01, 0.05, 0.1, 0.15, 0.35, 1]) {
      printer.update({ label: 'Uploading talk.mp4', fraction });
    }
    printer.update({ label: 'Transcribing', fraction: 0.02 });
    printer.note('Edit started.');
    printer.update({ label: 'Transcribing', fraction: 0.05 });
    printer.end();
    expect(written).toEqual([
      'Uploading talk.mp4 0%\n',
      'Uploading talk.mp4 10%\n',
      'Uploading talk.mp4 35%\n',
      'Uploading talk.mp4 100%\n',
      'Transcribing 2%\n',
      'Edit started.\n',
    ]);
    expect(milestoneOf({ label: 'A', fraction: 0.19 })).toBe(
      milestoneOf({ label: 'A', fraction: 0.1 }),
    );
  });

  it('rewrites one line in a terminal, ends it before a note, and fits its width', () => {
    const { stream, written } = recorder(true);
    const printer = createProgressPrinter(stream);
    printer.update({ label: 'Uploading talk.mp4', fraction: 0.1 });
    printer.update({ label: 'Uploading talk.mp4', fraction: 0.1 });
    printer.update({ label: 'Uploading talk.mp4', fraction: 0.11 });
    printer.note('The connection was lost: trying again...');
    printer.update({ label: 'x'.repeat(100), fraction: null });
    printer.end();
    printer.end();
    expect(written).toEqual([
      '\r\x1b[2KUploading talk.mp4 10%',
      '\r\x1b[2KUploading talk.mp4 11%',
      '\n',
      'The connection was lost: trying again...\n',
      `\r\x1b[2K${'x'.repeat(59)}`,
      '\n',
    ]);
  });
});
