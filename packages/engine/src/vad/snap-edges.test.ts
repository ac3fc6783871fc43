import { describe, expect, it } from 'vitest';
import type { EnergyTrack, VoiceTrack } from '../types.ts';
import { MIN_GAP_S, padRegions, snapToQuiet, stirredAt } from './snap-edges.ts';

const PADS = { headPadS: 0.08, tailPadS: 0.12, minHeadPadS: 0.04, minTailPadS: 0.05 };

/** 10 ms frames: -100 dB with the given spans at -20 dB, and a fading tail after each. */
function track(durationS: number, loud: [number, number][], fadeFrames = 0): EnergyTrack {
  const db = new Float32Array(Math.round(durationS * 100)).fill(-100);
  for (const [a, b] of loud) {
    const end = Math.round(b * 100);
    for (let i = Math.round(a * 100); i < end; i++) db[i] = -20;
    for (let k = 0; k < fadeFrames; k++) db[end + k] = -25 - 5 * k;
  }
  return { frameS: 0.01, db };
}

describe('snapToQuiet', () => {
  const options = { maxSnapS: 0.3, maxTrimS: 0.2, minHeadPadS: 0.04, minTailPadS: 0.05 };
  const plain = (energy: EnergyTrack) => [{ energy, floorDb: -65 }];

  it('follows a fading word ending out to the quiet, but no further than the floor', () => {
    // The fade drops 5 dB a frame from -25 dB; the -65 dB floor stops it after 8 frames.
    const [span] = snapToQuiet(plain(track(4, [[1, 2]], 12)), [{ start: 1, end: 2 }], options);
    expect(span!.start).toBeCloseTo(1, 5);
    expect(span!.end).toBeCloseTo(2.08, 5);
  });

  it('gives back only quiet frames when the detector ran on past the sound', () => {
    const [span] = snapToQuiet(plain(track(4, [[1, 2]])), [{ start: 0.9, end: 2.15 }], options);
    expect(span).toMatchObject({ start: 1, end: 2, cleanStart: true, cleanEnd: true });
  });

  it('over room tone, moves an onset in no further than the minimum padding gives back', () => {
    const energy = track(4, [[1, 2]]);
    energy.db.fill(-60, 0, 100);
    energy.db.fill(-60, 200);
    const [span] = snapToQuiet(plain(energy), [{ start: 0.8, end: 2.1 }], options);
    expect(span).toMatchObject({ cleanStart: false, cleanEnd: false });
    expect(span!.start).toBeCloseTo(0.84, 5);
  });

  it("over room tone, takes back the detector's late end down to the sound (steadied 30 ms)", () => {
    const energy = track(4, [[1, 2]]);
    energy.db.fill(-60, 0, 100);
    energy.db.fill(-60, 200);
    // Room tone that flickers by 4 dB a frame is still the room.
    for (let i = 200; i < 400; i += 2) energy.db[i] = -56;
    const [span] = snapToQuiet(plain(energy), [{ start: 1, end: 2.15 }], options);
    expect(span).toMatchObject({ cleanEnd: false });
    expect(span!.end).toBeCloseTo(2.01, 5);
  });

  it('over room tone, stops a late end at a fading tail louder than the room', () => {
    const energy = track(4, [[1, 2]], 4);
    for (let i = 0; i < 400; i++) energy.db[i] = Math.max(energy.db[i]!, -60);
    const [span] = snapToQuiet(plain(energy), [{ start: 1, end: 2.15 }], options);
    // The fade is -25..-40 dB over 2.00-2.04; the room is -60 dB.
    expect(span!.end).toBeGreaterThanOrEqual(2.04);
    expect(span!.end).toBeLessThanOrEqual(2.06);
  });

  it('never moves an edge into the neighbouring span', () => {
    const spans = snapToQuiet(
      plain(track(4, [[1, 3]])),
      [
        { start: 1, end: 1.8 },
        { start: 2, end: 3 },
      ],
      options,
    );
    expect(spans[0]!.end).toBeLessThanOrEqual(spans[1]!.start);
  });

  /** A room tone (or bed) of `level` dB that wanders by +-`swing` dB frame to frame. */
  const room = (energy: EnergyTrack, level: number, swing: number) => {
    for (let i = 0; i < energy.db.length; i++) {
      energy.db[i] = Math.max(energy.db[i]!, level + (i % 2 ? swing : -swing));
    }
    return energy;
  };

  it('places an edge on the track whose background is steadiest (a pink room, pre-emphasised)', () => {
    // Plainly the room rumbles (+-4 dB) and rises for 60 ms just after the word, so a late end
    // stops at that rise; pre-emphasised the room is flat and the end comes back to the word.
    const rumbling = room(track(4, [[1, 2]]), -40, 4);
    rumbling.db.fill(-33, 205, 211);
    const flat = room(track(4, [[1, 2]]), -50, 0.2);
    const tracks = [
      { energy: rumbling, floorDb: -65 },
      { energy: flat, floorDb: -65 },
    ];
    const [alone] = snapToQuiet(tracks.slice(0, 1), [{ start: 1, end: 2.15 }], options);
    const [both] = snapToQuiet(tracks, [{ start: 1, end: 2.15 }], options);
    expect(alone!.end).toBeGreaterThan(2.05);
    expect(both!.end).toBeLessThan(2.015);
  });

  /** A voice track of 32 ms windows with the given probability from each start time on. */
  const voice = (durationS: number, from: [number, number][]): VoiceTrack => {
    const prob = new Float32Array(Math.ceil(durationS / 0.032));
    for (const [t, p] of from) prob.fill(p, Math.round(t / 0.032));
    return { frameS: 0.032, prob };
  };

  it('over a music bed, starts a word where the detector first stirs, not at a chord before it', () => {
    const bed = room(track(4, [[1.6, 2.5]]), -40, 3);
    // A chord change 0.2 s before the word, as loud as its weak first sound.
    bed.db.fill(-34, 140, 160);
    const v = voice(4, [
      [0, 0],
      [1.568, 0.2],
      [1.6, 0.99],
      [2.528, 0],
    ]);
    const [span] = snapToQuiet([{ energy: bed, floorDb: -65 }], [{ start: 1.6, end: 2.5 }], {
      ...options,
      voice: v,
    });
    expect(span!.start).toBeCloseTo(1.56, 5);
  });

  it('over a music bed, keeps a word ending while either level says it still sounds', () => {
    const bed = room(track(4, [[1, 2]]), -40, 3);
    const hiss = room(track(4, [[1, 2]]), -60, 3);
    // The tail sinks under the bed plainly at 2.0 but its hiss sounds on to 2.06.
    hiss.db.fill(-45, 200, 206);
    const tracks = [
      { energy: bed, floorDb: -65 },
      { energy: hiss, floorDb: -85 },
    ];
    const [alone] = snapToQuiet(tracks.slice(0, 1), [{ start: 1, end: 2.15 }], options);
    const [span] = snapToQuiet(tracks, [{ start: 1, end: 2.15 }], options);
    expect(alone!.end).toBeLessThan(2.015);
    // NOTE: steadied over 30 ms, the walk back stops one frame after the hiss.
    expect(span!.end).toBeGreaterThanOrEqual(2.06);
    expect(span!.end).toBeLessThanOrEqual(2.07 + 1e-9);
  });
});

describe('snapToQuiet, an ending over a music bed louder just after the word', () => {
  const options = { maxSnapS: 0.3, maxTrimS: 0.2, minHeadPadS: 0.04, minTailPadS: 0.05 };
  // Pre-emphasised levels measured on kal16-music from 3.74 s, 60 ms before its 3.796 s ending (2.00
  // here): the word fades out, then a pluck of the bed dies away over 150 ms into the bed.
  const FADE = [-34.3, -37.6, -47.2, -49.7, -53.2, -54.1];
  const PLUCK = [-60.4, -61.4, -61.7, -61.8, -63.2, -62.1, -63.9, -62.9, -64, -63.8, -64.4, -64.4];
  const BED = [-65.1, -65, -65.6, -66.1, -65.2, -67.5, -64.7, -69.1, -64.6, -70.2, -64.7, -70.7];
  const bedAfterWord = (tail: number[]) => {
    const energy = track(4, [[1, 1.94]]);
    for (let i = 0; i < 400; i++) energy.db[i] = Math.max(energy.db[i]!, i % 2 ? -70.5 : -64.8);
    [...FADE, ...tail, ...PLUCK, ...BED].forEach((db, k) => (energy.db[194 + k] = db));
    return [{ energy, floorDb: -85 }];
  };

  it('ends where the level stops falling, not where the pluck has died away', () => {
    // The voice detector's end, 110 ms late as measured.
    const [span] = snapToQuiet(bedAfterWord([]), [{ start: 1, end: 2.11 }], options);
    // NOTE: measured against the whole pause, the pluck sounded like the word until 2.05.
    expect(span!.end).toBeGreaterThanOrEqual(2);
    expect(span!.end).toBeLessThanOrEqual(2.02 + 1e-9);
  });

  it('keeps a tail that still falls into the pluck', () => {
    const tail = [-55.5, -56.5, -57.5, -58.5];
    const [span] = snapToQuiet(bedAfterWord(tail), [{ start: 1, end: 2.15 }], options);
    expect(span!.end).toBeGreaterThanOrEqual(2.03);
  });
});

describe('stirredAt', () => {
  const v: VoiceTrack = { frameS: 0.032, prob: Float32Array.from([0, 0.01, 0.09, 0.2, 0.9, 1]) };

  it('walks back over the windows where the detector stirs before its onset', () => {
    expect(stirredAt(v, 0.128)).toBeCloseTo(0.064, 5);
  });

  it('is the time itself where the detector was quiet before it, or without a detector', () => {
    expect(stirredAt({ frameS: 0.032, prob: Float32Array.from([0, 0, 1]) }, 0.064)).toBe(0.064);
    expect(stirredAt(undefined, 1.5)).toBe(1.5);
  });
});

describe('padRegions', () => {
  it('pads fully where the pause allows and keeps a gap from 0 and to the end', () => {
    expect(padRegions([{ start: 1, end: 2 }], 4, PADS)).toEqual([{ start: 0.92, end: 2.12 }]);
  });

  it('joins spans whose pause cannot stay a gap after the minimum padding', () => {
    const short = 0.04 + MIN_GAP_S + 0.05 - 0.01;
    const regions = padRegions(
      [
        { start: 1, end: 2 },
        { start: 2 + short, end: 3 },
      ],
      4,
      PADS,
    );
    expect(regions).toHaveLength(1);
  });

  it('shares what a short gap can spare, so every pause that is a gap stays longer than 0.3 s', () => {
    const regions = padRegions(
      [
        { start: 1, end: 2 },
        { start: 2.5, end: 3 },
      ],
      4,
      PADS,
    );
    expect(regions).toHaveLength(2);
    const left = regions[1]!.start - regions[0]!.end;
    expect(left).toBeCloseTo(MIN_GAP_S, 5);
    expect(regions[0]!.end - 2).toBeGreaterThanOrEqual(0.05);
    expect(2.5 - regions[1]!.start).toBeGreaterThanOrEqual(0.04);
  });

  it('keeps the start of the video when the speech begins too soon for a gap', () => {
    expect(padRegions([{ start: 0.2, end: 1 }], 2, PADS)[0]!.start).toBe(0);
    expect(padRegions([{ start: 0, end: 1.8 }], 2, PADS)[0]!.end).toBe(2);
  });
});
