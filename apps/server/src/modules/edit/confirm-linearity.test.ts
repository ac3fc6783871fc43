// Issue 35: a confirm's checks and its stored edits grow in a straight line with the clip (its
// phrases and gaps), checked without a clock: every read of a phrase or a gap is counted, and a
// clip ten times longer may cost about ten times the reads (with room for a sort's log), where a
// search of every phrase per phrase costs a hundred times.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DRAW_SETTINGS,
  confirmPhrasesError,
  confirmWindowIssues,
  customConfirmClipRequestSchema,
} from '@roughcut/shared';
import { clipPlan, editsAfterConfirm } from './clip-plan.rules.ts';
import type { ClipPlanSource } from './clip-plan.rules.ts';
import { longTalk } from './exports.fixtures.ts';
// NOTE: the body the clip screen sends, built by the clip screen's own rules (test code only).
import {
  buildClipConfirmPayload,
  confirmAllSteps,
} from '../../../../web/src/features/clip-screen/clip-confirm.rules.ts';

type Counter = { reads: number };

const counted = <T extends object>(items: readonly T[], counter: Counter): T[] =>
  items.map(
    (item) =>
      new Proxy(item, {
        get(target, key, receiver) {
          counter.reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      }),
  );

const SMALL = { durationS: 1440, gaps: 2000, phrases: 720 };
const LARGE = { durationS: 14_400, gaps: 20_000, phrases: 7200 };
/** 10x the clip: 10x the reads, plus a sort's log, stays well under this. */
const MOST_GROWTH = 25;

/** Reads of the clip's phrases and gaps while the server checks and applies a full confirm. */
function confirmReads(size: typeof SMALL): number {
  const talk = longTalk(size);
  const built = buildClipConfirmPayload({
    confirmedSteps: confirmAllSteps(),
    gaps: talk.gaps,
    drawSettings: DEFAULT_DRAW_SETTINGS,
    // NOTE: every tenth phrase typed over, so both the kept words and the typed ones are made.
    phrases: talk.segments.map((s, i) => (i % 10 ? s : { ...s, phrase: `${s.phrase} again` })),
  });
  if (!built.ok) throw new Error(built.error);
  const request = customConfirmClipRequestSchema.parse(built.payload);
  const counter = { reads: 0 };
  const clip: ClipPlanSource = {
    startS: 0,
    endS: size.durationS,
    isLongForm: true,
    segments: counted(talk.segments, counter),
    gaps: counted(talk.gaps, counter),
    drawSettings: DEFAULT_DRAW_SETTINGS,
    edits: null,
    reframe: 'centre',
  };
  expect(confirmWindowIssues(request, { start: 0, end: size.durationS })).toEqual([]);
  expect(
    confirmPhrasesError(request.phrases ?? [], [...clipPlan(clip).segments, ...clip.segments]),
  ).toBeUndefined();
  const edits = editsAfterConfirm(clip, request);
  expect(edits?.cut).toHaveLength(size.gaps);
  expect(edits?.phrases).toHaveLength(size.phrases);
  expect(clipPlan({ ...clip, edits }).keptSpans.length).toBeGreaterThan(0);
  return counter.reads;
}

describe('a confirm at scale', () => {
  it("reads the clip's phrases and gaps a number of times in line with their count", () => {
    const small = confirmReads(SMALL);
    const large = confirmReads(LARGE);
    expect(large / small).toBeLessThan(MOST_GROWTH);
  });
});
