import { z } from 'zod';
import { clipReframeSchema } from './autojob.contract.ts';

// Issue 21: a short's framing plan, computed once in the background when its framing becomes
// follow or split, and used by both the preview and the render. Crop centres are shares of the
// source picture (0 the left or top edge, 1 the right or bottom), times are source seconds.

const share = z.number().min(0).max(1);

/** Where the crop's centre is at a source time (share of the picture's width). */
export const framingPathPointSchema = z.object({ t: z.number().min(0).finite(), cx: share });
export type FramingPathPoint = z.infer<typeof framingPathPointSchema>;

/** One of the two people of a split, at their lasting place. */
export const framingPlaceSchema = z.object({ cx: share, cy: share });
export type FramingPlace = z.infer<typeof framingPlaceSchema>;

/**
 * What the vertical frame shows: the fixed centre crop, a crop whose centre moves along `path`
 * (linear between points, held before the first and after the last), or two crops stacked (the
 * first on top). A split asked for without two lasting faces is planned as follow.
 */
export const framingPlanSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('centre') }),
  z.object({ mode: z.literal('follow'), path: z.array(framingPathPointSchema) }),
  z.object({
    mode: z.literal('split'),
    places: z.tuple([framingPlaceSchema, framingPlaceSchema]),
  }),
]);
export type FramingPlan = z.infer<typeof framingPlanSchema>;

/**
 * GET .../clip/{clip_id}/framing?reframe=: the framing whose plan is asked for; left out, the
 * clip's stored one. The clip screen asks for its pick before the confirm.
 */
export const clipFramingQuerySchema = z.object({ reframe: clipReframeSchema.optional() });

/**
 * GET .../clip/{clip_id}/framing: the plan the render will use for the framing asked (see
 * clipFramingQuerySchema). Centre (and long form, which keeps the whole picture) is ready at once
 * with the centre plan; follow and split are `pending` with `plan: null` until the background job
 * has stored the clip's plans for its window (one face track gives both, so the other pick is
 * ready at once too). A split without two lasting faces is ready with a follow plan.
 */
export const clipFramingResponseSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('pending'), plan: z.null() }),
  z.object({ state: z.literal('ready'), plan: framingPlanSchema }),
]);
export type ClipFramingResponse = z.infer<typeof clipFramingResponseSchema>;
