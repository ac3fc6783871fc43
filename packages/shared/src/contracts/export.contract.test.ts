import { describe, expect, it } from 'vitest';
import {
  EXPORT_FILE_TYPES,
  EXPORT_FORMATS,
  MEDIA_FOLDER_MAX_LENGTH,
  clipExportParamsSchema,
  editExportParamsSchema,
  exportQuerySchema,
  isExportFormat,
  mediaFolderProblem,
} from './export.contract.ts';

describe('export contracts', () => {
  it('takes every format in the params and refuses others', () => {
    for (const format of EXPORT_FORMATS) {
      expect(editExportParamsSchema.parse({ id: 'j1', format })).toEqual({ id: 'j1', format });
    }
    expect(
      clipExportParamsSchema.parse({ id: 'j1', instance_id: 'i1', clip_id: 'c1', format: 'edl' }),
    ).toMatchObject({ clip_id: 'c1', format: 'edl' });
    expect(editExportParamsSchema.safeParse({ id: 'j1', format: 'mp4' }).success).toBe(false);
    expect(isExportFormat('otio')).toBe(true);
    expect(isExportFormat('../etc')).toBe(false);
  });

  it('gives each format its own file ending', () => {
    const endings = EXPORT_FORMATS.map((f) => EXPORT_FILE_TYPES[f].extension);
    expect(new Set(endings).size).toBe(EXPORT_FORMATS.length);
  });

  it('offers the Kdenlive project by its own ending and label', () => {
    expect(EXPORT_FILE_TYPES.kdenlive).toEqual({
      extension: 'kdenlive',
      mimeType: 'application/xml',
      label: 'Kdenlive project (.kdenlive)',
    });
  });

  it('takes a media folder as a full POSIX, Windows drive or UNC path', () => {
    for (const folder of [
      '/Users/me/Videos',
      'C:\\Users\\me\\Videos',
      'D:/clips',
      'C:',
      '\\\\nas\\share',
    ]) {
      expect(mediaFolderProblem(folder), folder).toBeNull();
      expect(exportQuerySchema.parse({ media_folder: folder })).toEqual({ media_folder: folder });
    }
    // Left out or empty: no folder.
    expect(exportQuerySchema.parse({})).toEqual({});
    expect(exportQuerySchema.parse({ media_folder: '' })).toEqual({ media_folder: '' });
  });

  it('refuses a relative path, control characters, ".." and a path too long', () => {
    const refused = [
      'Videos',
      './Videos',
      '~/Videos',
      'C:Videos',
      '/Users/me\nVideos',
      '/Users/\u0000me',
      '/Users/me/../../etc',
      `/${'a'.repeat(MEDIA_FOLDER_MAX_LENGTH)}`,
    ];
    for (const folder of refused) {
      expect(mediaFolderProblem(folder), JSON.stringify(folder)).not.toBeNull();
      expect(exportQuerySchema.safeParse({ media_folder: folder }).success, folder).toBe(false);
    }
  });
});
