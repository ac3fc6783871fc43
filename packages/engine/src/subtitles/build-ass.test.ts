import { DEFAULT_DRAW_SETTINGS, FONT_FILES, FONT_NAMES } from '@roughcut/shared';
import type { DrawSettings } from '@roughcut/shared';
import { describe, expect, it } from 'vitest';
import { buildAss, buildAssStyle, resolvePlayRes } from './build-ass.ts';

const styleFields = (ass: string): Record<string, string> => {
  const lines = ass.split('\n');
  const format = lines
    .find((l, i) => l.startsWith('Format:') && lines[i - 1] === '[V4+ Styles]')
    ?.slice('Format: '.length)
    .split(', ');
  const values = lines
    .find((l) => l.startsWith('Style:'))
    ?.slice('Style: '.length)
    .split(',');
  expect(format).toHaveLength(23);
  expect(values).toHaveLength(23);
  return Object.fromEntries((format ?? []).map((name, i) => [name, values?.[i] ?? '']));
};

const dialogues = (ass: string) => ass.split('\n').filter((l) => l.startsWith('Dialogue:'));

describe('buildAss', () => {
  const segments = [
    { start: 0.5, end: 2.25, phrase: 'Hello there' },
    { start: 3, end: 4.5, phrase: 'General Kenobi' },
  ];

  it("writes the three sections, with libass's 384x288 PlayRes when the settings say 0", () => {
    const ass = buildAss(segments, DEFAULT_DRAW_SETTINGS);
    expect(ass).toMatch(/^\[Script Info\]\n/);
    expect(ass).toContain('ScriptType: v4.00+');
    expect(ass).toContain('PlayResX: 384\nPlayResY: 288');
    expect(ass).toContain('\n[V4+ Styles]\n');
    expect(ass).toContain('\n[Events]\n');
  });

  it('uses non-zero play_res_x/y from the settings', () => {
    const settings = { ...DEFAULT_DRAW_SETTINGS, play_res_x: 1080, play_res_y: 1920 };
    expect(buildAss(segments, settings)).toContain('PlayResX: 1080\nPlayResY: 1920');
  });

  it('completes a PlayRes given on one axis as libass does', () => {
    const only = (x: number, y: number) =>
      resolvePlayRes({ ...DEFAULT_DRAW_SETTINGS, play_res_x: x, play_res_y: y });
    expect(only(640, 0)).toEqual({ x: 640, y: 480 });
    expect(only(1280, 0)).toEqual({ x: 1280, y: 1024 });
    expect(only(0, 720)).toEqual({ x: 960, y: 720 });
    expect(only(0, 1024)).toEqual({ x: 1280, y: 1024 });
    expect(only(Number.NaN, -5)).toEqual({ x: 384, y: 288 });
  });

  it('maps every draw setting onto the style', () => {
    const settings: DrawSettings = {
      ...DEFAULT_DRAW_SETTINGS,
      font_name: 'Georgia',
      size: 42,
      bold: true,
      italic: true,
      underline: true,
      strike_out: true,
      margin_left: 11,
      margin_right: 12,
      margin_vertical: 130,
      scale_x: 90,
      scale_y: 80,
      spacing: 2.5,
      angle: 15,
      alignment: 8,
      border_style: 3,
      outline: 2,
      shadow: 3,
      primary_color_red: 255,
      primary_color_green: 0,
      primary_color_blue: 0,
      primary_color_alpha: 1,
      secondary_color_red: 0,
      secondary_color_green: 255,
      secondary_color_blue: 0,
      secondary_color_alpha: 0.5,
      outline_color_red: 0,
      outline_color_green: 0,
      outline_color_blue: 255,
      outline_color_alpha: 0,
      shadow_color_red: 1,
      shadow_color_green: 2,
      shadow_color_blue: 3,
      shadow_color_alpha: 0.25,
    };
    const fields = styleFields(buildAss(segments, settings));
    expect(fields).toEqual({
      Name: 'Default',
      Fontname: FONT_FILES.Georgia.family,
      Fontsize: '42',
      PrimaryColour: '&H000000FF',
      SecondaryColour: '&H8000FF00',
      OutlineColour: '&HFFFF0000',
      BackColour: '&HBF030201',
      Bold: '-1',
      Italic: '-1',
      Underline: '-1',
      StrikeOut: '-1',
      ScaleX: '90',
      ScaleY: '80',
      Spacing: '2.5',
      Angle: '15',
      BorderStyle: '3',
      Outline: '2',
      Shadow: '3',
      Alignment: '8',
      MarginL: '11',
      MarginR: '12',
      MarginV: '130',
      Encoding: '1',
    });
  });

  it('writes the spec defaults as a style', () => {
    const fields = styleFields(buildAss([], DEFAULT_DRAW_SETTINGS));
    expect(fields).toMatchObject({
      Fontname: FONT_FILES['The Bold Font'].family,
      Fontsize: '18',
      PrimaryColour: '&H00E16941',
      Bold: '-1',
      Italic: '0',
      Alignment: '2',
      BorderStyle: '1',
      Outline: '1',
      Shadow: '2',
      MarginV: '60',
    });
  });

  it('names each font by the family inside its file and forces bold where the font is bold', () => {
    for (const font of FONT_NAMES) {
      const style = buildAssStyle({ ...DEFAULT_DRAW_SETTINGS, font_name: font, bold: false });
      const fields = style.slice('Style: '.length).split(',');
      expect(fields[1]).toBe(FONT_FILES[font].family);
      expect(fields[7]).toBe(FONT_FILES[font].alwaysBold ? '-1' : '0');
    }
  });

  it('writes one Dialogue per segment with centisecond times, shifted by timeOffsetS', () => {
    const ass = buildAss(segments, DEFAULT_DRAW_SETTINGS, { timeOffsetS: -0.5 });
    expect(dialogues(ass)).toEqual([
      'Dialogue: 0,0:00:00.00,0:00:01.75,Default,,0,0,0,,Hello there',
      'Dialogue: 0,0:00:02.50,0:00:04.00,Default,,0,0,0,,General Kenobi',
    ]);
  });

  it('drops empty and zero-length segments, and ones entirely before time 0', () => {
    const ass = buildAss(
      [
        { start: 1, end: 1, phrase: 'zero' },
        { start: 2, end: 3, phrase: '   ' },
        { start: 0, end: 0.4, phrase: 'gone' },
        { start: 5, end: 6, phrase: 'kept' },
      ],
      DEFAULT_DRAW_SETTINGS,
      { timeOffsetS: -0.5 },
    );
    expect(dialogues(ass)).toEqual(['Dialogue: 0,0:00:04.50,0:00:05.50,Default,,0,0,0,,kept']);
  });

  it('cannot be injected through phrase text', () => {
    const ass = buildAss(
      [
        {
          start: 0,
          end: 1,
          phrase:
            '{\\an7\\pos(0,0)}x\\Ny\n[Events]\nDialogue: 0,0:00:00.00,9:59:59.99,Default,,0,0,0,,{\\p1}m 0 0 l 100 0',
        },
      ],
      DEFAULT_DRAW_SETTINGS,
    );
    const lines = dialogues(ass);
    expect(lines).toHaveLength(1);
    const text = lines[0]?.split(',').slice(9).join(',') ?? '';
    expect(text).not.toMatch(/[{}\\]/);
    expect(ass.split('\n').filter((l) => l.startsWith('['))).toEqual([
      '[Script Info]',
      '[V4+ Styles]',
      '[Events]',
    ]);
  });

  it('draws a style stored before the bounds at the largest allowed size, preview and burn alike', () => {
    // The audit's style: PlayRes 1x1 and size 100 made libass draw glyphs 100 frames tall.
    const ass = buildAss([{ start: 0, end: 1, phrase: 'Hello' }], {
      ...DEFAULT_DRAW_SETTINGS,
      play_res_x: 1,
      play_res_y: 1,
      size: 100,
      outline: 4,
    });
    expect(ass).toContain('PlayResX: 100\nPlayResY: 100\n');
    const style = ass.split('\n').find((l) => l.startsWith('Style:')) ?? '';
    // 100 / (384 / 100) = 26.041: as large as size 100 draws at the default layout, no larger.
    expect(style.split(',').slice(2, 3)).toEqual(['26.041']);
    expect(style.split(',').slice(16, 18)).toEqual(['1.041', '1.041']);
    const alone = buildAssStyle({ ...DEFAULT_DRAW_SETTINGS, play_res_y: 1 }).split(',');
    expect([alone[2], alone[16], alone[17]]).toEqual(['18', '1', '1.385']);
  });
});
