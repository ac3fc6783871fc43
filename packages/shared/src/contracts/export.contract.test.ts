import { describe, expect, it } from 'vitest';
import {
  EXPORT_FILE_TYPES,
  EXPORT_FORMATS,
  clipExportParamsSchema,
  editExportParamsSchema,
  isExportFormat,
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
});
