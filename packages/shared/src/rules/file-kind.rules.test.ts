import { describe, expect, it } from 'vitest';
import { notMp4Message, sniffFileKind } from './file-kind.rules.ts';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const mp4Head = (): Uint8Array => {
  const head = new Uint8Array(32);
  head.set([0, 0, 0, 0x20], 0);
  head.set(bytes('ftypisom'), 4);
  return head;
};

describe('sniffFileKind', () => {
  it('takes an ISO base media file for an mp4, whatever its name', () => {
    expect(sniffFileKind(mp4Head())).toEqual({ kind: 'mp4' });
  });

  it('names text, including UTF-8 with a cut-off last character and a BOM', () => {
    expect(notMp4Message(sniffFileKind(bytes('hello, this is a transcript\n')))).toBe(
      'This file is text, not a video: choose an .mp4 video',
    );
    const cut = bytes('café crème').subarray(0, 4);
    expect(sniffFileKind(cut)).toMatchObject({ kind: 'other', what: 'text' });
    expect(sniffFileKind(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toMatchObject({
      what: 'text',
    });
  });

  it('names images, documents and archives as not a video', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(notMp4Message(sniffFileKind(png))).toBe(
      'This file is a PNG image, not a video: choose an .mp4 video',
    );
    expect(sniffFileKind(bytes('%PDF-1.7 ...'))).toMatchObject({ what: 'a PDF document' });
    expect(sniffFileKind(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1]))).toMatchObject({
      what: 'a ZIP archive',
    });
  });

  it('says another video container needs converting', () => {
    const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]);
    expect(notMp4Message(sniffFileKind(webm))).toBe(
      'This file is a WebM or Matroska (.mkv) video, not an .mp4: convert it to .mp4 first, or choose an .mp4 video',
    );
    const avi = new Uint8Array([...bytes('RIFF'), 0, 0, 0, 0, ...bytes('AVI LIST')]);
    expect(sniffFileKind(avi)).toMatchObject({ what: 'an AVI video', video: true });
  });

  it('tells empty and unknown binary files apart', () => {
    expect(notMp4Message(sniffFileKind(new Uint8Array()))).toBe(
      'The file is empty. Please upload an .mp4 video.',
    );
    expect(sniffFileKind(new Uint8Array([0x00, 0x01, 0x02, 0x03, 0x99, 0x00]))).toEqual({
      kind: 'unknown',
    });
    expect(notMp4Message({ kind: 'mp4' })).toBeUndefined();
  });
});
