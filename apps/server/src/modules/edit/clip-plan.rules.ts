// What a clip will render, from its stored row: the one place that turns detected data plus the
// clip screen's stored edits into the cut, the phrases and the style. The clip response and the
// render job both read it, and the engine renders the plan itself (one per clip, made once), so
// what the screen shows after a reload is what is burned in.
import { clipKeptSpans, defaultCut, isDefaultConfirm } from '@roughcut/shared';
import type {
  ClipReframe,
  ClipWindow,
  ConfirmClipRequest,
  ConfirmPhrase,
  DrawSettings,
  FramingPlan,
  Gap,
  Phrase,
  Segment,
  Span,
  Word,
} from '@roughcut/shared';
import type { ClipEdits, StoredFraming } from '../../db/tables/clips.schema.ts';
import { currentFramingPlan } from './clip-framing.rules.ts';

export type ClipPlanSource = {
  startS: number;
  endS: number;
  isLongForm: boolean;
  segments: Segment[];
  /** The detected gaps: silences and fillers. */
  gaps: Gap[];
  /** Fillers start cut (the edit's "Remove filler words"); absent: kept. */
  removeFillers?: boolean;
  drawSettings: DrawSettings;
  edits: ClipEdits | null;
  reframe: ClipReframe;
  /** The follow path or split places found for the clip (absent: none yet). */
  framing?: StoredFraming | null;
};

export type ClipPlan = {
  window: ClipWindow;
  isLongForm: boolean;
  /** The phrases to burn ('' ones burn nothing), with their words. */
  segments: Phrase[];
  /** The gaps to cut. */
  gaps: Gap[];
  /** The style shown and, when `subtitles` is set, burned. */
  drawSettings: DrawSettings;
  /** The style the render burns, or null for no subtitles (long form not confirmed with them). */
  subtitles: DrawSettings | null;
  /** The window minus the gaps: what the render joins and the preview plays. */
  keptSpans: Span[];
  /** How a short is framed in 9:16 (long form renders the whole frame whatever it says). */
  reframe: ClipReframe;
  /** The stored plan of that framing, the preview's too; null: the render finds it itself. */
  framing: FramingPlan | null;
};

const withWords = (segments: readonly Segment[]): Phrase[] =>
  segments.map((s) => ({ ...s, words: s.words ?? [] }));

export function clipPlan(clip: ClipPlanSource): ClipPlan {
  const edits = clip.edits ?? {};
  const window = { start: clip.startS, end: clip.endS };
  const gaps = edits.cut ?? defaultCut(clip.gaps, clip.removeFillers ?? false);
  const subtitles = edits.subtitle ?? (clip.isLongForm ? null : clip.drawSettings);
  return {
    window,
    isLongForm: clip.isLongForm,
    segments: withWords(edits.phrases ?? clip.segments),
    gaps,
    drawSettings: edits.subtitle ?? clip.drawSettings,
    subtitles,
    keptSpans: clipKeptSpans(window, gaps),
    reframe: clip.reframe,
    framing: currentFramingPlan({ ...clip, framing: clip.framing ?? null }),
  };
}

// NOTE: phrase times come back as they were sent; 5 ms absorbs float noise from JSON and rounding.
const SAME_TIME_S = 0.005;

/**
 * Words for a phrase the user typed: their own words, certain (confidence 1), spread evenly over
 * the phrase's time (the recogniser's timing no longer applies to them).
 */
export function typedWords(phrase: ConfirmPhrase): Word[] {
  const texts = phrase.phrase.split(/\s+/).filter(Boolean);
  const step = texts.length > 0 ? (phrase.end - phrase.start) / texts.length : 0;
  const at = (i: number) => Math.round((phrase.start + i * step) * 1000) / 1000;
  return texts.map((text, i) => ({
    text,
    start: at(i),
    end: i === texts.length - 1 ? phrase.end : at(i + 1),
    confidence: 1,
  }));
}

/**
 * The first of `current` (in its order) with the phrase's times and text. WARNING (issue 35): a
 * search of the whole list per phrase made a 4-hour talk's confirm quadratic (7,200 phrases
 * against 14,400: 1.6 s); sorted by start, each phrase looks only at those starting within
 * SAME_TIME_S of it.
 */
function sourceFinder(current: readonly Segment[]): (phrase: ConfirmPhrase) => Segment | undefined {
  const order = current
    .map((_, i) => i)
    .sort((a, b) => (current[a]?.start ?? 0) - (current[b]?.start ?? 0) || a - b);
  const startOf = (k: number) => current[order[k] ?? 0]?.start ?? 0;
  return (phrase) => {
    let low = 0;
    let high = order.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (startOf(mid) < phrase.start - SAME_TIME_S) low = mid + 1;
      else high = mid;
    }
    let best: number | undefined;
    for (let k = low; k < order.length && startOf(k) <= phrase.start + SAME_TIME_S; k++) {
      const index = order[k] ?? 0;
      const s = current[index];
      if (!s || (best !== undefined && index > best)) continue;
      const same =
        Math.abs(s.start - phrase.start) <= SAME_TIME_S &&
        Math.abs(s.end - phrase.end) <= SAME_TIME_S &&
        s.phrase === phrase.phrase;
      if (same) best = index;
    }
    return best === undefined ? undefined : current[best];
  };
}

/**
 * The confirmed phrase list made into stored segments: a phrase whose text is unchanged keeps the
 * recognised words of the segment it came from (matched by its times); an edited one gets the
 * typed words.
 */
export function phrasesToStore(
  confirmed: readonly ConfirmPhrase[],
  current: readonly Segment[],
): Segment[] {
  const sourceOf = sourceFinder(current);
  return confirmed.map((phrase) => {
    const source = sourceOf(phrase);
    return {
      start: phrase.start,
      end: phrase.end,
      phrase: phrase.phrase,
      words: source ? (source.words ?? []) : typedWords(phrase),
    };
  });
}

// NOTE: the kind goes along, so a confirmed filler is still drawn and counted as one.
const clampGap = (gap: Gap, window: ClipWindow): Gap => ({
  id: gap.id,
  start: Math.max(window.start, gap.start),
  end: Math.min(window.end, gap.end),
  ...(gap.kind !== undefined ? { kind: gap.kind } : {}),
});

/**
 * The edits after a confirm. The job page's default keeps every stored edit. A clip-screen confirm
 * replaces the parts it carries (the cut clamped to the window and sorted; the style with the
 * edited phrases, or with the phrases as they stand when none were sent) and keeps the rest.
 */
export function editsAfterConfirm(
  clip: ClipPlanSource,
  request: ConfirmClipRequest,
): ClipEdits | null {
  if (isDefaultConfirm(request)) return clip.edits;
  const edits: ClipEdits = { ...clip.edits };
  const window = { start: clip.startS, end: clip.endS };
  if (request.cut !== undefined) {
    edits.cut = request.cut
      .map((g) => clampGap(g, window))
      .filter((g) => g.end > g.start)
      .sort((a, b) => a.start - b.start);
  }
  if (request.subtitle !== undefined) {
    edits.subtitle = request.subtitle;
    const current = clipPlan(clip).segments;
    // NOTE: the detected segments too, so text typed back to what was recognised gets its words.
    edits.phrases = request.phrases
      ? phrasesToStore(request.phrases, [...current, ...clip.segments])
      : current;
  }
  return edits;
}
