// Where each export points at the source video. Without a folder, beside the exported file: the
// file name alone, percent-encoded as a relative URL. With the folder the video is in on the
// user's computer (a POSIX path, a Windows drive path or a UNC share), the absolute link each
// format's editors expect: `file:///…` (FCPXML, OTIO), `file://localhost/…` (xmeml, as Premiere
// writes it) and the plain absolute path (MLT).
import { EngineError } from '../types.ts';
import { xmlSafeText } from './xml-text.ts';

export type MediaLink = {
  /** FCPXML's media-rep src and OTIO's target_url. */
  url: string;
  /** xmeml's pathurl. */
  localhostUrl: string;
  /** MLT's resource: a path, not a URL. */
  path: string;
};

/** One path segment as a URL's: UTF-8 percent-encoded, '?' and '#' too (they end a path). */
const encodeSegment = (segment: string): string =>
  encodeURI(segment).replace(/[?#]/g, encodeURIComponent);

/** A relative URL for the file name: the editor looks for it beside the exported file. */
export const fileUrl = (fileName: string): string => encodeSegment(fileName);

type Folder = { host: string; segments: string[] };

/** The folder's host ('' for the local disk) and its segments, a Windows drive kept as "C:". */
function parseFolder(folder: string): Folder {
  const text = folder.trim();
  const unc = /^(?:\\\\|\/\/)([^\\/]+)(.*)$/.exec(text);
  if (unc) return { host: unc[1]!, segments: split(unc[2]!) };
  const drive = /^([A-Za-z]:)(?:[\\/](.*))?$/.exec(text);
  if (drive) return { host: '', segments: [drive[1]!.toUpperCase(), ...split(drive[2] ?? '')] };
  if (text.startsWith('/')) return { host: '', segments: split(text) };
  throw new EngineError(
    'bad_media_folder',
    `"${text}" is not a folder's full path: start it with / (macOS, Linux), a drive such as C:\\ (Windows) or \\\\server\\share.`,
  );
}

const split = (path: string): string[] => path.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');

/**
 * The links to `fileName` inside `folder`, or beside the exported file without one. NOTE: the
 * folder goes through the same XML-safe filter as every timeline text, so a character no XML file
 * can hold cannot come back through it (or make encodeURI throw on a lone surrogate).
 */
export function mediaLink(fileName: string, folder?: string): MediaLink {
  if (folder === undefined || folder.trim() === '') {
    return { url: fileUrl(fileName), localhostUrl: fileUrl(fileName), path: fileName };
  }
  const { host, segments } = parseFolder(xmlSafeText(folder));
  if (segments.includes('..')) {
    throw new EngineError('bad_media_folder', 'The folder may not go up with "..".');
  }
  const all = [...segments, fileName];
  const encoded = all.map((s, i) => (i === 0 && /^[A-Z]:$/.test(s) ? s : encodeSegment(s)));
  const urlPath = `/${encoded.join('/')}`;
  const isDrive = /^[A-Z]:$/.test(segments[0] ?? '');
  return {
    url: `file://${host}${urlPath}`,
    localhostUrl: `file://${host || 'localhost'}${urlPath}`,
    // NOTE: forward slashes on Windows too: Shotcut and Kdenlive write and read paths that way.
    path: host ? `//${host}/${all.join('/')}` : isDrive ? all.join('/') : `/${all.join('/')}`,
  };
}
