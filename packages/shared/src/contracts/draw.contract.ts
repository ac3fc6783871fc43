import { z } from 'zod';
import { EXAMPLE_LANDSCAPE, EXAMPLE_PORTRAIT } from '../constants.ts';
import { boundedDrawSettingsInputSchema } from '../draw-bounds.ts';

// SPEC section 7 "Templates and example image": POST /api/draw/example.

const colourChannel = z.coerce
  .number()
  .int('Colour channels must be whole numbers from 0 to 255.')
  .min(0, 'Colour channels must be whole numbers from 0 to 255.')
  .max(255, 'Colour channels must be whole numbers from 0 to 255.');

const isExampleSize = (q: { width: number; height: number }): boolean =>
  [EXAMPLE_LANDSCAPE, EXAMPLE_PORTRAIT].some((s) => s.width === q.width && s.height === q.height);

/**
 * POST /api/draw/example query: width and height (1920x1080 or 1080x1920) and r, g, b, the example
 * background colour (default black).
 */
export const drawExampleQuerySchema = z
  .object({
    width: z.coerce.number().int(),
    height: z.coerce.number().int(),
    r: colourChannel.default(0),
    g: colourChannel.default(0),
    b: colourChannel.default(0),
  })
  .refine(isExampleSize, {
    error: 'Example size must be 1920x1080 (landscape) or 1080x1920 (portrait).',
  });
export type DrawExampleQuery = z.infer<typeof drawExampleQuerySchema>;

/**
 * POST /api/draw/example body: the draw settings. The response is a PNG image. Missing fields take
 * the SPEC 3 defaults, as in the template calls; settings that would draw past the bounds
 * (draw-bounds.ts) are refused before ffmpeg runs.
 */
export const drawExampleRequestSchema = boundedDrawSettingsInputSchema;
export const DRAW_EXAMPLE_CONTENT_TYPE = 'image/png';
