// How large the subtitles may draw: one rule for the web's style controls, the confirm, the
// template calls, the example image, and the render's own clamp (issue 32).
//
// libass sizes everything in script units (PlayRes): a unit is frame height ÷ PlayResY pixels,
// for the font, the letter spacing, the outline and the shadow alike. The spec's ranges (size
// 0–100, spacing 0–100, outline and shadow 0–4) are safe at its default layout, PlayRes 0 (which
// libass reads as 384x288): size 100 there is about a third of the frame's height. A small PlayRes
// multiplies every one of them: at play_res 1x1 a size-100 glyph is 100 frames tall, and libass's
// bitmaps grew without limit (15.8 GB after 5 minutes). So a PlayRes other than 0 is at least 100
// a side, and none of the four may draw larger than its spec maximum draws at the default layout,
// along either side of the frame. Measured at these bounds: 1.1 GB at most for a 1080x1920 or
// 1920x1080 frame, 3.9 GB for a 4096x4096 one (the run ceilings, run-limits.ts, hold the rest).
import type { z } from 'zod';
import {
  DRAW_SETTING_RANGES,
  drawSettingsInputSchema,
  drawSettingsSchema,
} from './draw-settings.ts';
import type { DrawSettings } from './draw-settings.ts';

/** libass's script resolution when a script names none: what PlayRes 0 means everywhere. */
export const DEFAULT_PLAY_RES = { x: 384, y: 288 } as const;
/** The smallest PlayRes side other than 0. */
export const MIN_PLAY_RES = 100;

/** The most each may draw, in default-layout units (their spec maximum at PlayRes 0). */
const MOST_AT_DEFAULT_LAYOUT = { size: 100, spacing: 100, outline: 4, shadow: 4 } as const;
const SLACK = 1e-9;

type PlayRes = { x: number; y: number };

/**
 * PlayRes: the settings' play_res_x/y, with libass's own rules for 0 (the default). The script
 * always names both, so the server's burn-in and the browser's preview lay text out alike.
 */
export function resolvePlayRes(settings: Pick<DrawSettings, 'play_res_x' | 'play_res_y'>): PlayRes {
  const x = Number.isFinite(settings.play_res_x) ? Math.round(settings.play_res_x) : 0;
  const y = Number.isFinite(settings.play_res_y) ? Math.round(settings.play_res_y) : 0;
  if (x > 0 && y > 0) return { x, y };
  // Same as libass when only one is given: the other follows at 4:3 (1280 wide means 1024 high).
  if (x > 0) return { x, y: x === 1280 ? 1024 : Math.round((x * 3) / 4) };
  if (y > 0) return { x: y === 1024 ? 1280 : Math.round((y * 4) / 3), y };
  return { ...DEFAULT_PLAY_RES };
}

/**
 * How many times larger than at the default layout one script unit may draw (1 or less: no
 * larger). NOTE: both sides count. libass sizes glyphs by the height (frame height ÷ PlayResY)
 * but places and turns them in script units of each side, so under an angle a glyph's height is
 * laid along the width at frame width ÷ PlayResX: play_res 100x400 at angle 45 grew past 3.8 GB
 * on a landscape frame, though its letters were no taller than the default's.
 */
const magnification = (res: PlayRes): number =>
  Math.max(DEFAULT_PLAY_RES.y / Math.max(1, res.y), DEFAULT_PLAY_RES.x / Math.max(1, res.x));

/** The largest value of each bounded field at these settings' PlayRes and scale. */
export function drawBoundsAt(settings: DrawSettings): {
  size: number;
  spacing: number;
  outline: number;
  shadow: number;
} {
  const m = Math.max(1, magnification(resolvePlayRes(settings)));
  const widest = Math.max(settings.scale_x, settings.scale_y) / 100;
  const wide = settings.scale_x / 100;
  return {
    size: widest > 0 ? MOST_AT_DEFAULT_LAYOUT.size / (m * widest) : Infinity,
    spacing: wide > 0 ? MOST_AT_DEFAULT_LAYOUT.spacing / (m * wide) : Infinity,
    outline: MOST_AT_DEFAULT_LAYOUT.outline / m,
    shadow: MOST_AT_DEFAULT_LAYOUT.shadow / m,
  };
}

export type DrawBoundsIssue = {
  field: 'play_res_x' | 'play_res_y' | 'size' | 'spacing' | 'outline' | 'shadow';
  /** A whole sentence that says what to do. */
  message: string;
};

const shown = (n: number): string => String(Math.floor(n * 100) / 100);
const DEFAULT_LAYOUT_HINT = 'or set play_res_x and play_res_y to 0 (the default layout)';

/**
 * Where the settings would draw subtitles larger than the spec's ranges draw at the default
 * layout, each with what to do. Empty: the settings are safe to draw. Settings outside their own
 * ranges are the field checks' business, not this rule's.
 */
export function drawBoundsIssues(settings: DrawSettings): DrawBoundsIssue[] {
  const playRes = (['play_res_x', 'play_res_y'] as const)
    .filter((field) => settings[field] !== 0 && settings[field] < MIN_PLAY_RES)
    .map((field) => ({
      field,
      message: `${field} ${settings[field]} is too small. Set it to 0 (the default layout) or to at least ${MIN_PLAY_RES}: below ${MIN_PLAY_RES} the subtitles are drawn many times larger than the video.`,
    }));
  // NOTE: with a PlayRes that is itself refused, the fields measured against it would only repeat it.
  if (playRes.length > 0) return playRes;
  const res = resolvePlayRes(settings);
  const most = drawBoundsAt(settings);
  const layout = `the play resolution ${res.x}x${res.y}`;
  const issues: DrawBoundsIssue[] = [];
  const check = (field: DrawBoundsIssue['field'], value: number, max: number, what: string) => {
    if (value <= max * (1 + SLACK)) return;
    issues.push({
      field,
      message: `${what} ${value} is too large for ${layout}: use at most ${shown(max)}, ${DEFAULT_LAYOUT_HINT}.`,
    });
  };
  check('size', settings.size, most.size, 'Size');
  check('spacing', settings.spacing, most.spacing, 'Letter spacing');
  check('outline', settings.outline, most.outline, 'Outline');
  check('shadow', settings.shadow, most.shadow, 'Shadow');
  return issues;
}

/** Adds the bounds' issues to a zod check of settings (at `path` inside the checked value). */
export function addDrawBoundsIssues(
  settings: DrawSettings,
  ctx: z.RefinementCtx,
  path: (string | number)[] = [],
): void {
  for (const issue of drawBoundsIssues(settings)) {
    ctx.addIssue({ code: 'custom', path: [...path, issue.field], message: issue.message });
  }
}

/** Complete settings within their ranges and the bounds: what a confirm may send. */
export const boundedDrawSettingsSchema = drawSettingsSchema.superRefine((settings, ctx) =>
  addDrawBoundsIssues(settings, ctx),
);

/** Settings a user sends (templates, the example image), missing fields defaulted, bounded. */
export const boundedDrawSettingsInputSchema = drawSettingsInputSchema.superRefine((settings, ctx) =>
  addDrawBoundsIssues(settings, ctx),
);

const floor3 = (n: number): number => Math.floor(n * 1000) / 1000;

const clampTo = (value: number, { min, max }: { min: number; max: number }): number =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;

/**
 * The settings as they are drawn: every range and the bounds above applied, so settings stored
 * before the bounds existed (a template, a clip's confirmed style) draw at the largest allowed size
 * instead of growing without limit. Settings within the bounds come back unchanged.
 */
export function clampDrawSettings(settings: DrawSettings): DrawSettings {
  const s = { ...settings };
  for (const key of Object.keys(DRAW_SETTING_RANGES) as (keyof typeof DRAW_SETTING_RANGES)[]) {
    s[key] = clampTo(s[key], DRAW_SETTING_RANGES[key]);
  }
  for (const key of ['play_res_x', 'play_res_y'] as const) {
    const side = Math.round(s[key]);
    s[key] = side === 0 ? 0 : Math.max(MIN_PLAY_RES, side);
  }
  const most = drawBoundsAt(s);
  s.size = Math.min(s.size, floor3(most.size));
  s.spacing = Math.min(s.spacing, floor3(most.spacing));
  s.outline = Math.min(s.outline, floor3(most.outline));
  s.shadow = Math.min(s.shadow, floor3(most.shadow));
  return s;
}
