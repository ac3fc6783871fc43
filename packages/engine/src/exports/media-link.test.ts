import { describe, expect, it } from 'vitest';
import { readTimeline } from '../testing/timeline-readback.ts';
import { writeExport } from './export-formats.ts';
import { buildTimeline } from './export-timeline.ts';
import type { ExportInput } from './export-timeline.ts';
import { mediaLink } from './media-link.ts';

const NAME = 'talk & <notes> #1 é?.mp4';
const ENCODED = 'talk%20&%20%3Cnotes%3E%20%231%20%C3%A9%3F.mp4';

describe('mediaLink', () => {
  it('points beside the exported file without a folder, as before', () => {
    expect(mediaLink(NAME)).toEqual({ url: ENCODED, localhostUrl: ENCODED, path: NAME });
    expect(mediaLink(NAME, '  ')).toEqual(mediaLink(NAME));
  });

  it('links a macOS or Linux folder absolutely, each segment percent-encoded', () => {
    expect(mediaLink(NAME, '/Users/Zoë/My Videos/')).toEqual({
      url: `file:///Users/Zo%C3%AB/My%20Videos/${ENCODED}`,
      localhostUrl: `file://localhost/Users/Zo%C3%AB/My%20Videos/${ENCODED}`,
      path: `/Users/Zoë/My Videos/${NAME}`,
    });
    expect(mediaLink('a.mp4', '/').url).toBe('file:///a.mp4');
    expect(mediaLink('a.mp4', '/x/100%/#y').url).toBe('file:///x/100%25/%23y/a.mp4');
  });

  it('links a Windows drive with its letter and forward slashes', () => {
    expect(mediaLink('a b.mp4', 'c:\\Users\\Me\\Videos\\')).toEqual({
      url: 'file:///C:/Users/Me/Videos/a%20b.mp4',
      localhostUrl: 'file://localhost/C:/Users/Me/Videos/a%20b.mp4',
      path: 'C:/Users/Me/Videos/a b.mp4',
    });
    expect(mediaLink('a.mp4', 'D:').path).toBe('D:/a.mp4');
  });

  it('links a network share by its server', () => {
    expect(mediaLink('a.mp4', '\\\\nas\\media\\talks')).toEqual({
      url: 'file://nas/media/talks/a.mp4',
      localhostUrl: 'file://nas/media/talks/a.mp4',
      path: '//nas/media/talks/a.mp4',
    });
  });

  it('refuses a folder that is not a full path, or that goes up', () => {
    for (const folder of ['Videos', './Videos', '~/Videos', 'file:///Videos']) {
      expect(() => mediaLink('a.mp4', folder), folder).toThrow(/not a folder's full path/);
    }
    expect(() => mediaLink('a.mp4', '/Users/me/../other')).toThrow(/\.\./);
  });
});

const input = (mediaFolder?: string): ExportInput => ({
  title: 'Talk',
  fileName: NAME,
  probe: {
    durationS: 10,
    fps: 25,
    variableFrameRate: false,
    displayWidth: 1280,
    displayHeight: 720,
    audioSampleRate: 48_000,
    audioChannels: 2,
  },
  keep: [{ start: 1, end: 4 }],
  phrases: [{ start: 1, end: 2, phrase: 'Hello' }],
  mediaFolder,
});

describe('the timelines with the folder the video is in', () => {
  const folder = '/Users/me/My Videos';
  const rate = buildTimeline(input()).rate;
  const read = (format: 'fcpxml' | 'xmeml' | 'otio' | 'mlt' | 'edl') =>
    readTimeline(format, writeExport(format, input(folder)), rate).media;

  it('link it absolutely, as each format expects', () => {
    expect(read('fcpxml')).toEqual([`file:///Users/me/My%20Videos/${ENCODED}`]);
    expect(read('otio')).toEqual([`file:///Users/me/My%20Videos/${ENCODED}`]);
    // NOTE: Premiere's own form of a local file's URL (the readback gives xmeml's name only).
    const pathurls = [...writeExport('xmeml', input(folder)).matchAll(/<pathurl>(.*?)</g)];
    expect(pathurls.map((m) => m[1]!.replace(/&amp;/g, '&'))).toEqual([
      `file://localhost/Users/me/My%20Videos/${ENCODED}`,
    ]);
    expect(read('mlt')).toEqual([`/Users/me/My Videos/${NAME}`]);
    // An EDL names the clip only; its reader relinks by that name.
    expect(read('edl')).toEqual([NAME]);
  });

  it('escape the link in the XML where it holds an ampersand', () => {
    expect(writeExport('xmeml', input(folder))).toContain(
      '<pathurl>file://localhost/Users/me/My%20Videos/talk%20&amp;%20%3Cnotes%3E',
    );
  });
});
