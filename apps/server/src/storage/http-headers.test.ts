import { describe, expect, it } from 'vitest';
import { contentDisposition, contentTypeFor, parseRange } from './http-headers.ts';

describe('parseRange', () => {
  it.each([
    [undefined, 100, { kind: 'full' }],
    ['bytes=0-0', 100, { kind: 'partial', start: 0, end: 0 }],
    ['bytes=10-', 100, { kind: 'partial', start: 10, end: 99 }],
    ['bytes=10-1000', 100, { kind: 'partial', start: 10, end: 99 }],
    ['bytes=-10', 100, { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-1000', 100, { kind: 'partial', start: 0, end: 99 }],
    ['BYTES = 5 - 6', 100, { kind: 'partial', start: 5, end: 6 }],
    ['bytes=100-', 100, { kind: 'unsatisfiable' }],
    ['bytes=-0', 100, { kind: 'unsatisfiable' }],
    ['bytes=0-', 0, { kind: 'unsatisfiable' }],
    ['bytes=5-4', 100, { kind: 'full' }],
    ['bytes=-', 100, { kind: 'full' }],
    ['bytes=0-1,4-5', 100, { kind: 'full' }],
    ['pages=1-2', 100, { kind: 'full' }],
  ] as const)('%j of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('contentTypeFor', () => {
  it('knows the media types it serves', () => {
    expect(contentTypeFor('a.mp4')).toBe('video/mp4');
    expect(contentTypeFor('A.MP4')).toBe('video/mp4');
    expect(contentTypeFor('edit.zip')).toBe('application/zip');
    expect(contentTypeFor('noext')).toBe('application/octet-stream');
  });
});

describe('contentDisposition', () => {
  it('quotes ASCII names', () => {
    expect(contentDisposition('inline', 'clip 1.mp4')).toBe('inline; filename="clip 1.mp4"');
  });
  it('adds filename* for non-ASCII names', () => {
    expect(contentDisposition('attachment', 'Schön (1).mp4')).toBe(
      `attachment; filename="Sch_n (1).mp4"; filename*=UTF-8''Sch%C3%B6n%20%281%29.mp4`,
    );
  });
  it('never lets a name break the header', () => {
    expect(contentDisposition('attachment', 'a"; filename=evil.exe\r\n.mp4')).toBe(
      'attachment; filename="a; filename=evil.exe.mp4"',
    );
    expect(contentDisposition('attachment', '../../x.zip')).toBe('attachment; filename="x.zip"');
  });
});
