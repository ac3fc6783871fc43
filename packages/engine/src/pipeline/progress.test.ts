import { describe, expect, it } from 'vitest';
import { createStagedProgress } from './progress.ts';
import type { StageReport } from './progress.ts';

describe('createStagedProgress', () => {
  it('maps each stage onto its weighted share and never goes backwards', () => {
    const seen: number[] = [];
    const progress = createStagedProgress({ a: 1, b: 3 }, (f) => seen.push(f));
    const a = progress.stage('a');
    a(0.5);
    a(1);
    const b = progress.stage('b');
    b(0.5);
    b(0.2);
    a(0.1);
    progress.done();
    expect(seen).toEqual([0, 0.125, 0.25, 0.25, 0.625, 1]);
  });

  it('names the stage and its own fraction with every report, and every stage that begins', () => {
    const seen: [number, StageReport<'probe' | 'sound' | 'words'>][] = [];
    const progress = createStagedProgress({ probe: 0, sound: 1, words: 1 }, (f, at) =>
      seen.push([f, at]),
    );
    progress.stage('probe');
    const sound = progress.stage('sound');
    sound(1);
    const words = progress.stage('words');
    words(0.5);
    progress.done();
    expect(seen).toEqual([
      [0, { stage: 'probe', fraction: 0 }],
      [0, { stage: 'sound', fraction: 0 }],
      [0.5, { stage: 'sound', fraction: 1 }],
      [0.5, { stage: 'words', fraction: 0 }],
      [0.75, { stage: 'words', fraction: 0.5 }],
      [1, { stage: 'words', fraction: 1 }],
    ]);
  });

  it('works without a callback', () => {
    expect(() => createStagedProgress({ x: 1 }).stage('x')(0.5)).not.toThrow();
  });
});
