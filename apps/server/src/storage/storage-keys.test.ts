import { describe, expect, it } from 'vitest';
import {
  assertStorageKey,
  isStorageKey,
  jobAssetKey,
  jobPrefix,
  fileNamePart,
  sanitizeFileName,
  toStorageName,
} from './storage-keys.ts';

describe('storage keys', () => {
  it.each(['jobs/1/2/video.mp4', 'a', 'jobs/0b6c-uuid/x_y-z.mp4'])('accepts %s', (key) => {
    expect(isStorageKey(key)).toBe(true);
  });

  it.each([
    '',
    '/abs',
    'a//b',
    '../etc/passwd',
    'jobs/../../x',
    'jobs/./x',
    '.tmp/x',
    'a/.hidden',
    'a\\b',
    'a/b c',
    'a/b/',
    `${'x'.repeat(121)}`,
  ])('rejects %j', (key) => {
    expect(() => assertStorageKey(key)).toThrow(/Invalid storage key/);
  });

  it('builds job asset keys from any user file name', () => {
    expect(jobAssetKey('job-1', 'asset-2', 'My Talk (final).MP4')).toBe(
      'jobs/job-1/asset-2/My_Talk_final.mp4',
    );
    expect(jobAssetKey('j', 'a', '../../../etc/passwd')).toBe('jobs/j/a/passwd');
    expect(jobAssetKey('j', 'a', 'Café – été.mp4')).toBe('jobs/j/a/Cafe_ete.mp4');
    expect(jobAssetKey('j', 'a', '日本語.mp4')).toBe('jobs/j/a/file.mp4');
    expect(jobAssetKey('j', 'a', '..')).toBe('jobs/j/a/file');
    expect(jobPrefix('j')).toBe('jobs/j');
    expect(() => jobAssetKey('../x', 'a', 'b.mp4')).toThrow();
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['clip.mp4', 'clip.mp4'],
    ['C:\\Users\\me\\Desktop\\talk.mp4', 'talk.mp4'],
    ['/etc/passwd', 'passwd'],
    ['..', 'video.mp4'],
    ['.hidden.mp4', 'hidden.mp4'],
    ['a\u0000b\u0007c"d<e>.mp4', 'abcde.mp4'],
    ['line\r\nbreak.mp4', 'line break.mp4'],
    ['  lots   of\tspace .mp4 ', 'lots of space.mp4'],
    ['Café été.mp4', 'Café été.mp4'],
    ['', 'video.mp4'],
    // A right-to-left override would make this read as "clipexe.mp4".
    ['clip\u202E4pm.exe', 'clip4pm.exe'],
    ['a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069.mp4', 'abcdefgh.mp4'],
    ['\u200Ftalk\u200E\u061C\u200B\uFEFF.mp4', 'talk.mp4'],
    ['\u202E.mp4', 'mp4'],
    ['سلام\u200Cدنیا.mp4', 'سلام\u200Cدنیا.mp4'],
    // What XML or PostgreSQL cannot hold is dropped from a name that came with a file (issue 32).
    ['my\uFFFE talk\uFFFF.mp4', 'my talk.mp4'],
    ['half \uD83D an \uDE00emoji 🙂.mp4', 'half an emoji 🙂.mp4'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('caps long names at 200 bytes and keeps the extension', () => {
    const name = sanitizeFileName(`${'é'.repeat(300)}.mp4`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
    expect(name.endsWith('é.mp4')).toBe(true);
    expect(toStorageName(`${'a'.repeat(300)}.mp4`).length).toBeLessThanOrEqual(120);
  });

  it('leaves room in the longest key for the subtitle script kept beside a video', () => {
    const key = jobAssetKey(
      '720fbf8b-d8ac-4c96-86b1-be477b41b777',
      '9d42b4fe-c93a-4d8b-a867-d9d288635d59',
      'A rather long edit name that a phone has to wrap - First We Remove the Silent Gaps Between the Phrases (clip at 0m00s).mp4',
    );
    expect(key.endsWith('.mp4')).toBe(true);
    expect(() => assertStorageKey(`${key}.ass`)).not.toThrow();
  });
});

describe('fileNamePart', () => {
  it('keeps a name with path separators whole in the file name made from it', () => {
    const name = `${fileNamePart('Q1/Q2 \\ review')} - ${fileNamePart('a/b')} (long form).mp4`;
    expect(name).toBe('Q1-Q2 - review - a-b (long form).mp4');
    expect(sanitizeFileName(name)).toBe(name);
  });
});
