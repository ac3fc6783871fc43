import { describe, expect, it } from 'vitest';
import { createStagedProgress } from './progress.ts';

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
    expect(seen).toEqual([0.125, 0.25, 0.625, 1]);
  });
  it('works without a callback', () => {
    expect(() => createStagedProgress({ x: 1 }).stage('x')(0.5)).not.toThrow();
  });
});
