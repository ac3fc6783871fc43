// A complete ASS script from subtitle segments and the spec's draw settings. Pure, NO node imports:
// the server burns it in with libass (ffmpeg `ass`), the browser previews it with jassub.
import { FONT_FILES } from '@roughcut/shared';
import type { DrawSettings } from '@roughcut/shared';
import { assColour, formatAssTime, sanitiseAssField } from './ass-format.ts';
import { captionEvents } from './caption-events.ts';
import type { TimedWord } from './word-timing.ts';

/** A phrase; its words (when given) time the word-by-word styles, else they share its time. */
export type AssSegment = {
  start: number;
  end: number;
  phrase: string;
  words?: readonly TimedWord[] | undefined;
};

export type BuildAssOptions = {
  /** Added to every time (negative to shift earlier); lines ending at or before 0 are dropped. */
  timeOffsetS?: number;
};

export const ASS_STYLE_NAME = 'Default';

const STYLE_FORMAT = [
  'Name',
  'Fontname',
  'Fontsize',
  'PrimaryColour',
  'SecondaryColour',
  'OutlineColour',
  'BackColour',
  'Bold',
  'Italic',
  'Underline',
  'StrikeOut',
  'ScaleX',
  'ScaleY',
  'Spacing',
  'Angle',
  'BorderStyle',
  'Outline',
  'Shadow',
  'Alignment',
  'MarginL',
  'MarginR',
  'MarginV',
  'Encoding',
];

const flag = (on: boolean) => (on ? '-1' : '0');
const num = (n: number) => {
  const v = Number.isFinite(n) ? n : 0;
  return String(Math.round(v * 1000) / 1000);
};
const int = (n: number) => String(Math.round(Number.isFinite(n) ? n : 0));

/** The [V4+ Styles] `Style:` line for the settings, fields in STYLE_FORMAT order. */
export function buildAssStyle(settings: DrawSettings): string {
  const font = FONT_FILES[settings.font_name] ?? FONT_FILES.Arial;
  const s = settings;
  const fields = [
    ASS_STYLE_NAME,
    sanitiseAssField(font.family),
    num(s.size),
    assColour(
      s.primary_color_red,
      s.primary_color_green,
      s.primary_color_blue,
      s.primary_color_alpha,
    ),
    assColour(
      s.secondary_color_red,
      s.secondary_color_green,
      s.secondary_color_blue,
      s.secondary_color_alpha,
    ),
    assColour(
      s.outline_color_red,
      s.outline_color_green,
      s.outline_color_blue,
      s.outline_color_alpha,
    ),
    // BackColour is the shadow (and the box of BorderStyle 3).
    assColour(s.shadow_color_red, s.shadow_color_green, s.shadow_color_blue, s.shadow_color_alpha),
    // NOTE: a face that is bold by design is matched as bold; asking libass for regular would
    // make it look for another face and fall back to a different font file.
    flag(s.bold || font.alwaysBold),
    flag(s.italic),
    flag(s.underline),
    flag(s.strike_out),
    num(s.scale_x),
    num(s.scale_y),
    num(s.spacing),
    num(s.angle),
    int(s.border_style),
    num(s.outline),
    num(s.shadow),
    int(Math.min(9, Math.max(1, s.alignment))),
    int(s.margin_left),
    int(s.margin_right),
    int(s.margin_vertical),
    '1',
  ];
  return `Style: ${fields.join(',')}`;
}

/** libass's script resolution when a script names none: what PlayRes 0 means everywhere. */
export const DEFAULT_PLAY_RES = { x: 384, y: 288 } as const;

/**
 * PlayRes: the settings' play_res_x/y, with libass's own rules for 0 (the default). The script
 * always names both, so the server's burn-in and the browser's preview lay text out alike
 * whatever frame size each renders at.
 * NOTE: PlayRes must not follow the output size: the spec's defaults (size 18, margin_vertical 60)
 * are in libass's 384x288 units, where they make large, readable subtitles on any frame.
 */
export function resolvePlayRes(settings: DrawSettings): { x: number; y: number } {
  const x = Number.isFinite(settings.play_res_x) ? Math.round(settings.play_res_x) : 0;
  const y = Number.isFinite(settings.play_res_y) ? Math.round(settings.play_res_y) : 0;
  if (x > 0 && y > 0) return { x, y };
  // Same as libass when only one is given: the other follows at 4:3 (1280 wide means 1024 high).
  if (x > 0) return { x, y: x === 1280 ? 1024 : Math.round((x * 3) / 4) };
  if (y > 0) return { x: y === 1024 ? 1280 : Math.round((y * 4) / 3), y };
  return { ...DEFAULT_PLAY_RES };
}

export function buildAss(
  segments: readonly AssSegment[],
  settings: DrawSettings,
  options: BuildAssOptions = {},
): string {
  const res = resolvePlayRes(settings);
  const offset = options.timeOffsetS ?? 0;
  const shift = (t: number) => Math.max(0, t + offset);
  const events = segments
    .flatMap((seg) =>
      captionEvents(
        {
          start: shift(seg.start),
          end: seg.end + offset,
          phrase: seg.phrase,
          words: seg.words?.map((w) => ({
            text: w.text,
            start: shift(w.start),
            end: shift(w.end),
          })),
        },
        settings,
      ),
    )
    .filter((e) => e.text && Math.round(e.end * 100) > Math.round(e.start * 100))
    .sort((a, b) => a.start - b.start)
    .map(
      (e) =>
        `Dialogue: 0,${formatAssTime(e.start)},${formatAssTime(e.end)},${ASS_STYLE_NAME},,0,0,0,,${e.text}`,
    );
  return [
    '[Script Info]',
    '; Script generated by Roughcut',
    'ScriptType: v4.00+',
    `PlayResX: ${res.x}`,
    `PlayResY: ${res.y}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: TV.709',
    '',
    '[V4+ Styles]',
    `Format: ${STYLE_FORMAT.join(', ')}`,
    buildAssStyle(settings),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}
