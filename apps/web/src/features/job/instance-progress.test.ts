import { describe, expect, it } from 'vitest';
import { processingText } from './instance-progress.ts';

describe('instance progress', () => {
  it('adds the progress fraction to "Processing..." only', () => {
    expect(processingText('Processing...', 0.426)).toBe('Processing... 42%');
    expect(processingText('Processing...', 1.2)).toBe('Processing... 100%');
    expect(processingText('Processing...', undefined)).toBe('Processing...');
    expect(processingText('Finished.', 1)).toBe('Finished.');
  });
});
