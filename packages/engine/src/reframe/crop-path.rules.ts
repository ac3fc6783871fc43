// The crop path that follows a face: pure maths on detections, all x in shares of the frame's width
// (0 left edge, 1 right edge), times in source seconds. See docs/decisions/0006-face-follow-reframe.md.

export type SeenFace = {
  cx: number;
  cy: number;
  width: number;
  /** How much the mouth moved since the last sample, beyond the eyes' movement (0 when unknown). */
  mouthMove: number;
};
export type FaceSample = { timeS: number; faces: SeenFace[] };
/** Where the crop's centre is at a time. */
export type PathPoint = { t: number; cx: number };

export const PATH_RULES = {
  /** A face this close to its place in the last sample is the same person (share of width). */
  sameFaceDistance: 0.12,
  /** The crop starts moving when the subject is this far from its centre (share of crop width). */
  deadZone: 0.12,
  /** …and stops when the subject is this close again. */
  settle: 0.03,
  /** Share of the remaining distance covered per second while moving (an ease-out). */
  followRate: 0.94,
  /** Another face must out-talk the subject this long before the crop switches to it (s). */
  switchHoldS: 1,
  /** Mouth movement is averaged over this long (s). */
  talkWindowS: 1,
  /** No face for this long: the crop eases back to the centre (s). */
  lostS: 1.5,
} as const;

/** Mouth movement (mean grey-level change) below this is noise. */
const MOVE_FLOOR = 0.5;

/** How long before a cut the old place is last held: well under a frame. */
const CUT_LEAD_S = 0.001;

type Track = { id: number; cx: number; lastT: number; talk: { t: number; move: number }[] };

/** Gives each face a track id, matching it to the nearest face of the last samples. */
export function trackFaces(samples: readonly FaceSample[]): { timeS: number; ids: number[] }[] {
  const tracks: Track[] = [];
  let next = 0;
  return samples.map((sample) => {
    const free = new Set(tracks.filter((t) => sample.timeS - t.lastT <= 1).map((t) => t.id));
    const ids = sample.faces.map((face) => {
      let best: Track | undefined;
      for (const track of tracks) {
        if (!free.has(track.id)) continue;
        const d = Math.abs(track.cx - face.cx);
        if (d <= PATH_RULES.sameFaceDistance && (!best || d < Math.abs(best.cx - face.cx))) {
          best = track;
        }
      }
      if (!best) {
        best = { id: next++, cx: face.cx, lastT: sample.timeS, talk: [] };
        tracks.push(best);
      }
      free.delete(best.id);
      best.cx = face.cx;
      best.lastT = sample.timeS;
      return best.id;
    });
    return { timeS: sample.timeS, ids };
  });
}

const inSpeech = (t: number, speech: readonly { start: number; end: number }[] | null): boolean =>
  !speech || speech.some((s) => t >= s.start && t <= s.end);

/**
 * Where, near sample i, the talk passes from one face to the other: the split that best puts the
 * old face's mouth movement before it and the new one's after it. NOTE: the averaged lead starts
 * up to half a window away from the real change; raw movement places it to the sample.
 */
function switchPoint(
  samples: readonly FaceSample[],
  tracked: readonly { ids: number[] }[],
  from: number,
  to: number,
  i: number,
): number {
  const moveOf = (id: number, k: number) => {
    const at = tracked[k]!.ids.indexOf(id);
    return at >= 0 ? samples[k]!.faces[at]!.mouthMove : 0;
  };
  const t = samples[i]!.timeS;
  let lo = i;
  while (lo > 0 && t - samples[lo - 1]!.timeS <= PATH_RULES.talkWindowS) lo--;
  let hi = i;
  while (hi < samples.length - 1 && samples[hi + 1]!.timeS - t <= PATH_RULES.talkWindowS) hi++;
  let best = i;
  let bestScore = -Infinity;
  for (let s = lo; s <= hi; s++) {
    let score = 0;
    for (let k = lo; k <= hi; k++) {
      const a = moveOf(from, k);
      const b = moveOf(to, k);
      // NOTE: both mouths moving at once is the change itself (one shutting, one opening): it
      // counts for the newcomer.
      const lead = a > MOVE_FLOOR && b > MOVE_FLOOR ? -Math.min(a, b) : a - b;
      score += k < s ? lead : -lead;
    }
    if (score > bestScore) {
      bestScore = score;
      best = s;
    }
  }
  return best;
}

/**
 * The face to follow at each sample: the only one, or of several the one whose mouth moves most
 * while there is speech. NOTE: the clip is known whole, so the talk is averaged over a window
 * centred on each sample and a newcomer takes over from the start of its lead, not after it: a
 * lead shorter than switchHoldS does not count (hysteresis without delay).
 * Returns the subject's centre x per sample (null where no face is seen).
 */
export function chooseSubject(
  samples: readonly FaceSample[],
  speech: readonly { start: number; end: number }[] | null = null,
): (number | null)[] {
  const tracked = trackFaces(samples);
  const half = PATH_RULES.talkWindowS / 2;
  const talkOf = (id: number, i: number): number => {
    let sum = 0;
    let n = 0;
    for (let j = i; j >= 0 && samples[i]!.timeS - samples[j]!.timeS <= half; j--) {
      const k = tracked[j]!.ids.indexOf(id);
      if (k >= 0 && inSpeech(samples[j]!.timeS, speech)) sum += samples[j]!.faces[k]!.mouthMove;
      n++;
    }
    for (let j = i + 1; j < samples.length && samples[j]!.timeS - samples[i]!.timeS <= half; j++) {
      const k = tracked[j]!.ids.indexOf(id);
      if (k >= 0 && inSpeech(samples[j]!.timeS, speech)) sum += samples[j]!.faces[k]!.mouthMove;
      n++;
    }
    return n ? sum / n : 0;
  };
  const leaders = tracked.map(({ ids }, i) =>
    ids.length ? ids.reduce((a, b) => (talkOf(b, i) > talkOf(a, i) ? b : a)) : undefined,
  );
  const subjects: (number | undefined)[] = [];
  let subject: number | undefined;
  // A switch found before the sample where the talk really changes waits for that sample.
  let pending: { to: number; at: number } | undefined;
  for (let i = 0; i < samples.length; i++) {
    const ids = tracked[i]!.ids;
    const leader = leaders[i];
    if (pending && i >= pending.at) {
      subject = pending.to;
      pending = undefined;
    }
    if (leader === undefined) {
      subjects.push(undefined);
      continue;
    }
    if (subject === undefined || !ids.includes(subject)) {
      subject = leader;
      pending = undefined;
    } else if (leader !== subject && !pending) {
      // The newcomer's lead from here on: long enough, it takes over.
      let j = i;
      while (j < samples.length && leaders[j] === leader) j++;
      const until = j < samples.length ? samples[j]!.timeS : Infinity;
      if (until - samples[i]!.timeS >= PATH_RULES.switchHoldS) {
        const at = switchPoint(samples, tracked, subject, leader, i);
        if (at > i) pending = { to: leader, at };
        else {
          for (let k = at; k < i; k++) if (tracked[k]!.ids.includes(leader)) subjects[k] = leader;
          subject = leader;
        }
      }
    }
    subjects.push(subject);
  }
  return subjects.map((id, i) =>
    id === undefined ? null : samples[i]!.faces[tracked[i]!.ids.indexOf(id)]!.cx,
  );
}

/**
 * The crop centre at each sample following the subject: still inside the dead zone, an eased
 * move once the subject nears the crop's edge, back to the centre when no face is seen for a while;
 * always clamped so the crop stays inside the frame.
 */
export function followPath(
  times: readonly number[],
  subjectX: readonly (number | null)[],
  cropWidth: number,
): PathPoint[] {
  const lo = cropWidth / 2;
  const hi = 1 - cropWidth / 2;
  const clamp = (x: number) => Math.min(hi, Math.max(lo, x));
  const points: PathPoint[] = [];
  let cx = 0.5;
  let moving = false;
  let lastSeen = -Infinity;
  let lastT = times[0] ?? 0;
  let started = false;
  times.forEach((t, i) => {
    const dt = Math.max(0, t - lastT);
    const before = lastT;
    lastT = t;
    const seen = subjectX[i];
    let goal: number;
    if (seen !== null && seen !== undefined) {
      lastSeen = t;
      goal = clamp(seen);
      // NOTE: the first sight places the crop at once: a clip must not open with a pan.
      if (!started) {
        cx = goal;
        started = true;
      }
    } else if (t - lastSeen >= PATH_RULES.lostS || !started) {
      goal = clamp(0.5);
      if (!started) cx = goal;
    } else {
      goal = cx;
    }
    const off = Math.abs(goal - cx) / cropWidth;
    // NOTE: a subject beyond the crop's edge (a jump, the other speaker) is cut to, as an editor
    // would; nearer, the crop eases.
    if (off > 0.5) {
      // A cut is a step, halfway between the sample before (old place) and this one (new): the
      // change happened somewhere in between.
      if (points.length) {
        const at = (before + t) / 2;
        points.push({ t: at - CUT_LEAD_S, cx: clamp(cx) }, { t: at, cx: clamp(goal) });
      }
      cx = goal;
      moving = false;
    } else if (off > PATH_RULES.deadZone) moving = true;
    if (moving) {
      const share = 1 - Math.pow(1 - PATH_RULES.followRate, dt);
      cx += (goal - cx) * share;
      if (Math.abs(goal - cx) / cropWidth < PATH_RULES.settle) moving = false;
    }
    points.push({ t, cx: clamp(cx) });
  });
  return points;
}

/** Mean absolute difference of two patches (grey levels), 0 when either is missing. */
export function patchDifference(
  a: ArrayLike<number> | undefined,
  b: ArrayLike<number> | undefined,
): number {
  if (!a || !b || a.length !== b.length || !a.length) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

export type Place = { cx: number; cy: number };

/**
 * The two people of a split layout (left one first): the two faces seen in at least minShare of
 * the samples, at their median places; null when fewer than two stay that long.
 */
export function splitPlaces(samples: readonly FaceSample[], minShare = 0.6): [Place, Place] | null {
  if (!samples.length) return null;
  const tracked = trackFaces(samples);
  const seen = new Map<number, Place[]>();
  tracked.forEach(({ ids }, i) =>
    ids.forEach((id, k) => {
      const face = samples[i]!.faces[k]!;
      seen.set(id, [...(seen.get(id) ?? []), { cx: face.cx, cy: face.cy }]);
    }),
  );
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
  const lasting = [...seen.values()]
    .filter((places) => places.length >= minShare * samples.length)
    .sort((a, b) => b.length - a.length)
    .slice(0, 2)
    .map((places) => ({
      cx: median(places.map((p) => p.cx)),
      cy: median(places.map((p) => p.cy)),
    }))
    .sort((a, b) => a.cx - b.cx);
  return lasting.length === 2 ? [lasting[0]!, lasting[1]!] : null;
}
