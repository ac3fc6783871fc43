// SPEC 2.10 and 4.4: the clip screen's two steps, which a saved draft lists as confirmed (the
// draft contract checks them). Building the confirm itself is the clip screen's:
// apps/web/src/features/clip-screen/clip-confirm.rules.ts.

export const CLIP_EDIT_STEPS = ['speech-gaps', 'subtitles'] as const;
export type ClipEditStep = (typeof CLIP_EDIT_STEPS)[number];
