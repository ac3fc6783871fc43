import { describe, expect, it } from 'vitest';
import { buildCopyBatchArgs } from './smart-cut-copy-args.ts';

describe('smart cut command lines', () => {
  it('copies parts in one run, each input seeked just past its keyframe, counting packets', () => {
    expect(
      buildCopyBatchArgs(
        'in.mp4',
        [
          { part: { kind: 'copy', first: 30, end: 60 }, outPath: 'c1.ts' },
          { part: { kind: 'copy', first: 90, end: 95 }, outPath: 'c2.ts' },
        ],
        30,
      ),
    ).toEqual([
      ...['-ss', '1.008333', '-t', '1.033333', '-i', 'in.mp4'],
      ...['-ss', '3.008333', '-t', '0.2', '-i', 'in.mp4'],
      ...['-map', '0:v:0', '-c:v', 'copy', '-frames:v', '30', '-f', 'mpegts', 'c1.ts'],
      ...['-map', '1:v:0', '-c:v', 'copy', '-frames:v', '5', '-f', 'mpegts', 'c2.ts'],
    ]);
  });
});
