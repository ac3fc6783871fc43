// The Export menu's "Where the video is on your computer" and "With the source video", remembered
// by this browser: every export menu of every edit offers the folder last typed, since a creator
// keeps their uploads in one place. NOTE: storage may be refused (a private window, a full quota):
// then nothing is kept.

const KEY = 'roughcut.export.mediaFolder';
const WITH_VIDEO_KEY = 'roughcut.export.withVideo';

export function savedWithVideo(): boolean {
  try {
    return globalThis.localStorage?.getItem(WITH_VIDEO_KEY) === 'true';
  } catch {
    return false;
  }
}

export function saveWithVideo(withVideo: boolean): void {
  try {
    if (withVideo) globalThis.localStorage?.setItem(WITH_VIDEO_KEY, 'true');
    else globalThis.localStorage?.removeItem(WITH_VIDEO_KEY);
  } catch {
    // NOTE: not remembered; the box still holds it for this page.
  }
}

export function savedMediaFolder(): string {
  try {
    return globalThis.localStorage?.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function saveMediaFolder(folder: string): void {
  try {
    if (folder.trim()) globalThis.localStorage?.setItem(KEY, folder);
    else globalThis.localStorage?.removeItem(KEY);
  } catch {
    // NOTE: not remembered; the field still holds it for this page.
  }
}
