import { z } from 'zod';
import { drawSettingsSchema } from '../draw-settings.ts';
import { CLIP_EDIT_STEPS } from '../rules/clip-confirm.rules.ts';
import { clipReframeSchema } from './autojob.contract.ts';
import {
  MAX_CONFIRM_ITEMS,
  confirmPhraseListSchema,
  gapListSchema,
  phraseTextSchema,
} from './clip-confirm.contract.ts';
import { gapSchema } from './clip-timeline.contract.ts';

// Issue 31 (not in the spec): the user's draft of one clip, every change on the clip screen and
// the timeline editor kept on the server until a confirm. Its fields carry the confirm's names
// (`cut`, `phrases`, `subtitle`, `reframe`) and the confirm's limits, so a draft the confirm would
// refuse is refused with the same message.

const seconds = z.number().min(0).finite();

/** Undo steps a draft keeps: the timeline's own bound. */
export const MAX_DRAFT_UNDO_STEPS = 200;

const gapIdSchema = z.string().regex(/^gap-\d+$/, 'Gap ids have the form gap-N.');

/** One undoable timeline step (shared `GapEdit`): a handle moved from `from`, or a gap deleted. */
export const draftGapEditSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('move'),
    id: gapIdSchema,
    side: z.enum(['start', 'end']),
    from: seconds,
  }),
  z.object({ kind: z.literal('delete'), id: gapIdSchema }),
]);

/**
 * A phrase as the screen holds it: the clip's phrase times, the text as typed, and whether the
 * user accepted it (`null`: not decided, as before a tolerance change or a tick). A deleted
 * phrase is absent.
 */
export const draftPhraseSchema = z
  .object({
    start: seconds,
    end: seconds,
    phrase: phraseTextSchema,
    valid: z.boolean().nullable(),
  })
  .refine((p) => p.end >= p.start, { error: 'A phrase cannot end before it starts.' });
export type DraftPhrase = z.infer<typeof draftPhraseSchema>;

/**
 * PUT .../clip/{clip_id}/draft body and GET's `draft`. `cut` is the gap list as it stands (silences
 * and removed fillers), `deleted_gaps` the deleted ones (kept fillers among them, Undo Delete's
 * stack), `history` the timeline's undo steps (oldest first); `phrases` in time order; `reframe`
 * only for shorts.
 */
export const clipDraftSchema = z
  .object({
    confirmed_steps: z
      .array(z.enum(CLIP_EDIT_STEPS))
      .max(CLIP_EDIT_STEPS.length)
      .refine((steps) => new Set(steps).size === steps.length, {
        error: 'Each step can be confirmed once.',
      }),
    cut: gapListSchema,
    deleted_gaps: z
      .array(gapSchema)
      .max(MAX_CONFIRM_ITEMS, `A clip can have at most ${MAX_CONFIRM_ITEMS} gaps.`),
    history: z.array(draftGapEditSchema).max(MAX_DRAFT_UNDO_STEPS),
    phrases: z.array(draftPhraseSchema),
    tolerance: z.number().min(0).max(1),
    subtitle: drawSettingsSchema,
    reframe: clipReframeSchema.optional(),
  })
  .superRefine((draft, ctx) => {
    // NOTE: the confirm's own list rules (how many, time order), with its messages.
    const list = confirmPhraseListSchema.safeParse(draft.phrases);
    for (const issue of list.success ? [] : list.error.issues) {
      ctx.addIssue({ code: 'custom', path: ['phrases', ...issue.path], message: issue.message });
    }
  });
export type ClipDraft = z.infer<typeof clipDraftSchema>;

/** GET .../clip/{clip_id}/draft → the draft and when it was saved, or nulls when there is none. */
export const clipDraftResponseSchema = z.object({
  draft: clipDraftSchema.nullable(),
  saved_at: z.iso.datetime().nullable(),
});
export type ClipDraftResponse = z.infer<typeof clipDraftResponseSchema>;

/** PUT .../clip/{clip_id}/draft → when it was saved. */
export const saveClipDraftResponseSchema = z.object({ saved_at: z.iso.datetime() });
export type SaveClipDraftResponse = z.infer<typeof saveClipDraftResponseSchema>;
