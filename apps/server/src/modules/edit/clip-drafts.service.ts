import type {
  ClipDraft,
  ClipDraftResponse,
  OkResponse,
  SaveClipDraftResponse,
} from '@roughcut/shared';
import {
  clipDraftSchema,
  confirmPhrasesError,
  confirmWindowIssues,
  isAwaitingUserState,
} from '@roughcut/shared';
import type { AppContext } from '../../app-context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { checkState, checkStateAsync } from '../../http/job-state.ts';
import { deleteClipDraft, findClipDraft, saveClipDraftIf } from './clip-drafts.repository.ts';
import { clipPlan } from './clip-plan.rules.ts';
import type { ClipRow } from './clips.repository.ts';
import { CLIP_MESSAGES, loadClip } from './clips.service.ts';
import type { Ids } from './clips.service.ts';
import { assertClipsEditable } from './job-state.rules.ts';
import { transitionClip } from './clip-state.rules.ts';

// Issue 31: the user's draft of a clip. Ownership and the clip's state are checked as for a
// confirm; the draft's body is held to the confirm's limits, so the screen never keeps as a draft
// what a confirm would refuse.

type ClipIds = Ids & { clipId: string };

const NO_DRAFT: ClipDraftResponse = { draft: null, saved_at: null };

/** Whether the clip takes a draft now: its run awaits the user and the table allows it. */
function isDraftable(instance: Parameters<typeof isAwaitingUserState>[0], clip: ClipRow): boolean {
  if (!isAwaitingUserState(instance)) return false;
  try {
    transitionClip(clip, { type: 'save-draft' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The confirm's checks that need the clip: every gap (cut or deleted) and phrase inside its
 * window, and phrases the clip screen could have made from the clip's own (edited or deleted,
 * never added or moved, each within its length).
 */
function checkAgainstClip(clip: ClipRow, draft: ClipDraft): void {
  const window = { start: clip.startS, end: clip.endS };
  const [outside] = [
    ...confirmWindowIssues(
      { cut: draft.cut, subtitle: draft.subtitle, phrases: draft.phrases },
      window,
    ),
    ...confirmWindowIssues({ cut: draft.deleted_gaps, subtitle: draft.subtitle }, window),
  ];
  if (outside) throw badRequest(outside.message);
  const refused = confirmPhrasesError(draft.phrases, [
    ...clipPlan(clip).segments,
    ...clip.segments,
  ]);
  if (refused) throw badRequest(refused);
}

/** The saved draft; none while the clip cannot be edited (a confirmed clip's draft is gone). */
export async function getClipDraft(ctx: AppContext, ids: ClipIds): Promise<ClipDraftResponse> {
  const { instance, clip } = await loadClip(ctx, ids);
  if (!isDraftable(instance, clip)) return NO_DRAFT;
  const row = await findClipDraft(ctx.db, clip.id);
  if (!row) return NO_DRAFT;
  // NOTE: a draft stored under older rules that no longer hold is dropped, not served broken.
  const parsed = clipDraftSchema.safeParse(row.body);
  if (!parsed.success) return NO_DRAFT;
  return { draft: parsed.data, saved_at: row.savedAt.toISOString() };
}

/** Saves (replaces) the clip's draft while the clip is editable. */
export async function saveClipDraft(
  ctx: AppContext,
  ids: ClipIds,
  draft: ClipDraft,
): Promise<SaveClipDraftResponse> {
  const { instance, clip } = await loadClip(ctx, ids);
  checkState(() => assertClipsEditable(instance));
  checkState(() => transitionClip(clip, { type: 'save-draft' }));
  checkAgainstClip(clip, draft);
  const row = await checkStateAsync(() =>
    saveClipDraftIf(ctx.db, clip.id, draft, ctx.now(), (now) =>
      transitionClip(now, { type: 'save-draft' }),
    ),
  );
  if (!row) throw notFound(CLIP_MESSAGES.clipNotFound);
  return { saved_at: row.savedAt.toISOString() };
}

/**
 * Discard draft. NOTE: allowed in any state: removing a draft loses nothing the clip holds, and
 * a screen left open on a clip confirmed elsewhere can still clear it.
 */
export async function discardClipDraft(ctx: AppContext, ids: ClipIds): Promise<OkResponse> {
  const { clip } = await loadClip(ctx, ids);
  await deleteClipDraft(ctx.db, clip.id);
  return { ok: true };
}
