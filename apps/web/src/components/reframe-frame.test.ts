import { describe, expect, it } from 'vitest';
import { frameStyleAt } from './reframe-frame.ts';

const HD = { width: 1280, height: 720 };

describe('frameStyleAt', () => {
  it('moves the picture along the follow path', () => {
    const plan = {
      mode: 'follow' as const,
      path: [
        { t: 1, cx: 0 },
        { t: 3, cx: 1 },
      ],
    };
    expect(frameStyleAt(plan, 1, HD)).toEqual({ objectPosition: '0.000% 50.000%', stacked: null });
    expect(frameStyleAt(plan, 2, HD).objectPosition).toBe('50.000% 50.000%');
    expect(frameStyleAt(plan, 3, HD).objectPosition).toBe('100.000% 50.000%');
  });
  it('keeps the centre crop for centre', () => {
    expect(frameStyleAt({ mode: 'centre' }, 5, HD)).toEqual({
      objectPosition: '50.000% 50.000%',
      stacked: null,
    });
  });
  it('stacks the split crops, the first on top', () => {
    const style = frameStyleAt(
      {
        mode: 'split',
        places: [
          { cx: 0.2, cy: 0.5 },
          { cx: 0.8, cy: 0.5 },
        ],
      },
      0,
      HD,
    );
    expect(style.stacked?.[0].x).toBeLessThan(style.stacked?.[1].x ?? 0);
  });
});
