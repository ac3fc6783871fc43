import { z } from 'zod';

// SPEC section 3 "Subtitle settings" and section 5 "Template editor".
export const FONT_NAMES = [
  'Arial',
  'Calibri',
  'Cambria',
  'Century Gothic',
  'Comic Sans MS',
  'Courier',
  'Georgia',
  'Tahoma',
  'Times New Roman',
  'Trebuchet MS',
  'Verdana',
  'The Bold Font',
] as const;
export type FontName = (typeof FONT_NAMES)[number];

/**
 * NOTE: the spec says only "numbers" for play_res; without a bound a huge value reached libass
 * (issue #10). 7680 is an 8K frame's width: no real script needs more.
 */
export const MAX_PLAY_RES = 7680;

export type DrawRange = { min: number; max: number };

/** The slider and select ranges of SPEC 3 and 5, shared by the editor's controls and the contracts. */
export const DRAW_SETTING_RANGES = {
  size: { min: 0, max: 100 },
  margin_left: { min: 0, max: 400 },
  margin_right: { min: 0, max: 400 },
  margin_vertical: { min: 0, max: 300 },
  scale_x: { min: 0, max: 100 },
  scale_y: { min: 0, max: 100 },
  spacing: { min: 0, max: 100 },
  angle: { min: 0, max: 360 },
  alignment: { min: 1, max: 9 },
  outline: { min: 0, max: 4 },
  shadow: { min: 0, max: 4 },
  play_res_x: { min: 0, max: MAX_PLAY_RES },
  play_res_y: { min: 0, max: MAX_PLAY_RES },
} as const satisfies Record<string, DrawRange>;

/** A number within a range; the error names the range so a 400 says what to send instead. */
const ranged = ({ min, max }: DrawRange, wholeNumber = false) =>
  z
    .number()
    .refine(
      (n) => Number.isFinite(n) && n >= min && n <= max && (!wholeNumber || Number.isInteger(n)),
      {
        error: `it must be ${wholeNumber ? 'a whole number' : 'a number'} from ${min} to ${max}`,
      },
    );

const channel = ranged({ min: 0, max: 255 }, true);
const alpha = ranged({ min: 0, max: 1 });
const r = DRAW_SETTING_RANGES;

const drawSettingsShape = {
  font_name: z.enum(FONT_NAMES, { error: `it must be one of: ${FONT_NAMES.join(', ')}` }),
  size: ranged(r.size),
  bold: z.boolean(),
  italic: z.boolean(),
  underline: z.boolean(),
  strike_out: z.boolean(),
  margin_left: ranged(r.margin_left),
  margin_right: ranged(r.margin_right),
  margin_vertical: ranged(r.margin_vertical),
  scale_x: ranged(r.scale_x),
  scale_y: ranged(r.scale_y),
  spacing: ranged(r.spacing),
  angle: ranged(r.angle),
  alignment: ranged(r.alignment, true),
  border_style: z.union([z.literal(1), z.literal(3)], {
    error: 'it must be 1 (Outline) or 3 (Box)',
  }),
  outline: ranged(r.outline),
  shadow: ranged(r.shadow),
  primary_color_red: channel,
  primary_color_green: channel,
  primary_color_blue: channel,
  primary_color_alpha: alpha,
  secondary_color_red: channel,
  secondary_color_green: channel,
  secondary_color_blue: channel,
  secondary_color_alpha: alpha,
  outline_color_red: channel,
  outline_color_green: channel,
  outline_color_blue: channel,
  outline_color_alpha: alpha,
  shadow_color_red: channel,
  shadow_color_green: channel,
  shadow_color_blue: channel,
  shadow_color_alpha: alpha,
  play_res_x: ranged(r.play_res_x, true),
  play_res_y: ranged(r.play_res_y, true),
  // NOTE: the word-by-word caption fields (issue 22) default here too, so settings stored before
  // they existed (templates, clips) still parse, and render exactly as before: all off.
  word_highlight: z.boolean().default(false),
  highlight_color_red: channel.default(255),
  highlight_color_green: channel.default(214),
  highlight_color_blue: channel.default(0),
  highlight_color_alpha: alpha.default(1),
  one_word_at_a_time: z.boolean().default(false),
  upper_case: z.boolean().default(false),
};

/** Every field required: stored settings and responses. */
export const drawSettingsSchema = z.object(drawSettingsShape);
export type DrawSettings = z.infer<typeof drawSettingsSchema>;

export const DEFAULT_DRAW_SETTINGS: DrawSettings = {
  font_name: 'The Bold Font',
  size: 18,
  bold: false,
  italic: false,
  underline: false,
  strike_out: false,
  margin_left: 10,
  margin_right: 10,
  margin_vertical: 60,
  scale_x: 100,
  scale_y: 100,
  spacing: 0,
  angle: 0,
  alignment: 2,
  border_style: 1,
  outline: 1,
  shadow: 2,
  primary_color_red: 65,
  primary_color_green: 105,
  primary_color_blue: 225,
  primary_color_alpha: 1,
  secondary_color_red: 255,
  secondary_color_green: 255,
  secondary_color_blue: 255,
  secondary_color_alpha: 1,
  outline_color_red: 255,
  outline_color_green: 255,
  outline_color_blue: 255,
  outline_color_alpha: 1,
  shadow_color_red: 255,
  shadow_color_green: 255,
  shadow_color_blue: 255,
  shadow_color_alpha: 1,
  play_res_x: 0,
  play_res_y: 0,
  word_highlight: false,
  highlight_color_red: 255,
  highlight_color_green: 214,
  highlight_color_blue: 0,
  highlight_color_alpha: 1,
  one_word_at_a_time: false,
  upper_case: false,
};

type DrawShape = typeof drawSettingsShape;
const inputShape = {} as { [K in keyof DrawShape]: z.ZodDefault<DrawShape[K]> };
for (const key of Object.keys(drawSettingsShape) as (keyof DrawShape)[]) {
  const field: z.ZodType = drawSettingsShape[key];
  (inputShape as Record<string, z.ZodType>)[key] = field.default(DEFAULT_DRAW_SETTINGS[key]);
}

/**
 * Settings a user sends (templates, the example image): a missing field takes its SPEC 3 default;
 * a present one must be valid. The output is always complete.
 */
export const drawSettingsInputSchema = z.object(inputShape);

/** Completes settings stored by an older version (fields added since take their defaults). */
export const completeDrawSettings = (stored: Partial<DrawSettings>): DrawSettings => {
  const parsed = drawSettingsInputSchema.safeParse(stored);
  return parsed.success ? parsed.data : { ...DEFAULT_DRAW_SETTINGS, ...stored };
};

/** Font files are served at a path derived from the lower-cased font name with underscores. */
export const fontFileStem = (font: FontName): string => font.toLowerCase().replace(/ /g, '_');
