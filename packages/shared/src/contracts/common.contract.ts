import { z } from 'zod';

/** Every error body: the spec's client reads `err`. */
export const errorResponseSchema = z.object({ err: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Success body of calls whose response the spec leaves unshown. */
export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** SPEC section 7: a 302 status with `location` in the body makes the browser navigate there. */
export const redirectResponseSchema = z.object({ location: z.string() });

export const idParamSchema = z.object({ id: z.string().min(1).max(64) });

/** GET /api/health */
export const healthResponseSchema = z.object({
  ok: z.literal(true),
  database: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
