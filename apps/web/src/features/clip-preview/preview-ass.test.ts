import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import { describe, expect, it } from 'vitest';
import { assColor, assTime, buildPreviewAss, escapeAssText } from './preview-ass.ts';

describe('preview ASS script', () => {
  it('writes ASS colours, times and escaped text', () => {
    expect(assColor(65, 105, 225, 1)).toBe('&H00E16941');
    expect(assColor(0, 0, 0, 0.5)).toBe('&H80000000');
    expect(assTime(3725.456)).toBe('1:02:05.46');
    expect(assTime(0)).toBe('0:00:00.00');
    expect(escapeAssText('a {\\b1} b\\Nc\nd')).toBe('a (\u29F5b1) b\u29F5Nc d');
  });

  it('styles the events with the clip draw settings on the source timeline', () => {
    const ass = buildPreviewAss(
      [
        { start: 2, end: 3.5, phrase: 'hello there' },
        { start: 4, end: 4, phrase: 'empty span' },
        { start: 7, end: 8.25, phrase: '  ' },
      ],
      { ...DEFAULT_DRAW_SETTINGS, italic: true, play_res_x: 1080, play_res_y: 1920 },
    );
    expect(ass).toContain('PlayResX: 1080\nPlayResY: 1920');
    expect(ass).toContain(
      'Style: Default,DejaVu Sans,18,&H00E16941,&H00FFFFFF,&H00FFFFFF,&H00FFFFFF,-1,-1,0,0,100,100,0,0,1,1,2,2,10,10,60,1',
    );
    const dialogues = ass.split('\n').filter((line) => line.startsWith('Dialogue:'));
    expect(dialogues).toEqual(['Dialogue: 0,0:00:02.00,0:00:03.50,Default,,0,0,0,,hello there']);
  });

  it('leaves PlayRes to libass when the settings give none', () => {
    expect(buildPreviewAss([], DEFAULT_DRAW_SETTINGS)).not.toContain('PlayResX');
  });
});
