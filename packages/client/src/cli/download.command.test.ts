import { describe, expect, it } from 'vitest';
import { distinctNames } from './download.command.ts';

describe('the names rendered videos are saved under', () => {
  it('numbers a repeated name, whatever its case, and keeps the others', () => {
    expect(
      distinctNames([
        'Talk - Hook.mp4',
        'talk - hook.mp4',
        'Talk - Hook.mp4',
        'Other.mp4',
        'README',
      ]),
    ).toEqual([
      'Talk - Hook.mp4',
      'talk - hook (2).mp4',
      'Talk - Hook (3).mp4',
      'Other.mp4',
      'README',
    ]);
  });
});
