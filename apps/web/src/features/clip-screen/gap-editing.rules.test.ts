import { describe, expect, it } from 'vitest';
import type { Gap } from '@roughcut/shared';
import {
  canUndo,
  clampHandle,
  deleteGap,
  deleteGapEdit,
  fillerCountLabel,
  fillerCounts,
  gapCounts,
  initialGapEditState,
  MAX_UNDO_STEPS,
  moveGapHandle,
  moveHandleEdit,
  nextGapId,
  recordEdit,
  restoreGap,
  undoDelete,
  undoDeleteEdit,
  undoLastEdit,
} from './gap-editing.rules.ts';
import type { GapEditState } from './gap-editing.rules.ts';

const gaps: Gap[] = [
  { id: 'gap-0', start: 0, end: 1 },
  { id: 'gap-1', start: 3, end: 4 },
  { id: 'gap-2', start: 8, end: 9.5 },
];
const DURATION = 10;

describe('start handle', () => {
  it('cannot pass the previous gap end', () => {
    expect(clampHandle(gaps, 'gap-1', 'start', 0.5, DURATION)).toBe(1);
  });

  it('cannot go below 0 for the first gap', () => {
    expect(clampHandle([{ id: 'gap-0', start: 0.5, end: 1 }], 'gap-0', 'start', -3, DURATION)).toBe(
      0,
    );
  });

  it('cannot come within 0.1 s of its own end', () => {
    expect(clampHandle(gaps, 'gap-1', 'start', 3.95, DURATION)).toBe(3.9);
    expect(clampHandle(gaps, 'gap-1', 'start', 5, DURATION)).toBe(3.9);
  });

  it('moves freely in between, rounded to 2 decimals', () => {
    expect(clampHandle(gaps, 'gap-1', 'start', 2.34567, DURATION)).toBe(2.35);
  });
});

describe('end handle', () => {
  it('cannot pass the next gap start', () => {
    expect(clampHandle(gaps, 'gap-1', 'end', 8.5, DURATION)).toBe(8);
  });

  it('cannot pass the duration for the last gap', () => {
    expect(clampHandle(gaps, 'gap-2', 'end', 12, DURATION)).toBe(10);
  });

  it('cannot come within 0.1 s of its own start', () => {
    expect(clampHandle(gaps, 'gap-1', 'end', 3.05, DURATION)).toBe(3.1);
    expect(clampHandle(gaps, 'gap-1', 'end', 0, DURATION)).toBe(3.1);
  });

  it('rounds inward so a bound is never crossed', () => {
    const odd: Gap[] = [{ id: 'gap-0', start: 1, end: 2.005 }];
    expect(clampHandle(odd, 'gap-0', 'start', 5, DURATION)).toBe(1.9);
  });

  it('does not move a pinched edge of a gap already narrower than the minimum', () => {
    const thin: Gap[] = [
      { id: 'gap-0', start: 0, end: 1 },
      { id: 'gap-1', start: 1, end: 1.05 },
      { id: 'gap-2', start: 1.05, end: 2 },
    ];
    expect(clampHandle(thin, 'gap-1', 'start', 0.5, DURATION)).toBe(1);
    expect(clampHandle(thin, 'gap-1', 'end', 2, DURATION)).toBe(1.05);
    // Without neighbours it may still widen.
    const alone: Gap[] = [{ id: 'gap-1', start: 1, end: 1.05 }];
    expect(clampHandle(alone, 'gap-1', 'start', 0.5, DURATION)).toBe(0.5);
    expect(clampHandle(alone, 'gap-1', 'end', 2, DURATION)).toBe(2);
  });

  it('returns null for an unknown gap', () => {
    expect(clampHandle(gaps, 'gap-9', 'end', 1, DURATION)).toBeNull();
  });
});

describe('moveGapHandle', () => {
  it('updates only the dragged gap', () => {
    const moved = moveGapHandle(gaps, 'gap-1', 'end', 5.123, DURATION);
    expect(moved[1]).toEqual({ id: 'gap-1', start: 3, end: 5.12 });
    expect(moved[0]).toBe(gaps[0]);
    expect(gaps[1]?.end).toBe(4);
  });

  it('works on unsorted input', () => {
    const shuffled = [gaps[2], gaps[0], gaps[1]] as Gap[];
    expect(moveGapHandle(shuffled, 'gap-1', 'start', 0, DURATION)[2]?.start).toBe(1);
  });
});

describe('delete and undo', () => {
  it('deletes only with Ctrl or Meta held', () => {
    const state = { gaps, deletedGaps: [] };
    expect(deleteGap(state, 'gap-1', {})).toBe(state);
    expect(deleteGap(state, 'gap-1', { ctrlKey: false, metaKey: false })).toBe(state);
    const ctrl = deleteGap(state, 'gap-1', { ctrlKey: true });
    expect(ctrl.gaps.map((g) => g.id)).toEqual(['gap-0', 'gap-2']);
    expect(ctrl.deletedGaps).toEqual([gaps[1]]);
    expect(deleteGap(state, 'gap-1', { metaKey: true }).deletedGaps).toHaveLength(1);
    expect(deleteGap(state, 'nope', { metaKey: true })).toBe(state);
  });

  it('restores the last deleted gap first', () => {
    let state = { gaps, deletedGaps: [] as Gap[] };
    state = deleteGap(state, 'gap-0', { ctrlKey: true });
    state = deleteGap(state, 'gap-2', { ctrlKey: true });
    state = undoDelete(state);
    expect(state.gaps.map((g) => g.id)).toEqual(['gap-1', 'gap-2']);
    expect(state.deletedGaps.map((g) => g.id)).toEqual(['gap-0']);
    state = undoDelete(state);
    expect(state.gaps).toEqual(gaps);
    expect(undoDelete(state)).toBe(state);
  });

  it('trims gaps that grew into the restored one', () => {
    let state = { gaps, deletedGaps: [] as Gap[] };
    state = deleteGap(state, 'gap-1', { ctrlKey: true });
    // gap-0's end and gap-2's start were dragged over where gap-1 was.
    state = {
      ...state,
      gaps: [
        { id: 'gap-0', start: 0, end: 3.5 },
        { id: 'gap-2', start: 3.8, end: 9.5 },
      ],
    };
    expect(undoDelete(state).gaps).toEqual([
      { id: 'gap-0', start: 0, end: 3 },
      { id: 'gap-1', start: 3, end: 4 },
      { id: 'gap-2', start: 4, end: 9.5 },
    ]);
  });

  it('splits a gap that wholly contains the restored one and drops slivers', () => {
    const state = {
      gaps: [{ id: 'gap-0', start: 2, end: 6 }],
      deletedGaps: [{ id: 'gap-1', start: 3, end: 5.95 }],
    };
    expect(undoDelete(state).gaps).toEqual([
      { id: 'gap-0', start: 2, end: 3 },
      { id: 'gap-1', start: 3, end: 5.95 },
    ]);
    const wide = { ...state, deletedGaps: [{ id: 'gap-1', start: 3, end: 4 }] };
    expect(undoDelete(wide).gaps).toEqual([
      { id: 'gap-0', start: 2, end: 3 },
      { id: 'gap-1', start: 3, end: 4 },
      { id: 'gap-2', start: 4, end: 6 },
    ]);
  });

  it('drops a gap lying inside the restored one', () => {
    const state = {
      gaps: [{ id: 'gap-3', start: 3.2, end: 3.6 }],
      deletedGaps: [{ id: 'gap-1', start: 3, end: 4 }],
    };
    expect(undoDelete(state).gaps).toEqual([{ id: 'gap-1', start: 3, end: 4 }]);
  });

  it('numbers new gaps after the highest id', () => {
    expect(nextGapId(gaps)).toBe('gap-3');
    expect(nextGapId([])).toBe('gap-0');
    expect(nextGapId([{ id: 'gap-12' }, { id: 'odd' }])).toBe('gap-13');
  });
});

describe('fillers on the timeline', () => {
  const silence = { id: 'gap-1', start: 0, end: 1 };
  const um = { id: 'gap-2', start: 2, end: 2.3, kind: 'filler' as const };
  const uh = { id: 'gap-3', start: 4, end: 4.25, kind: 'filler' as const };
  it('counts the fillers found and removed, and labels them', () => {
    const state = { gaps: [silence, um], deletedGaps: [uh] };
    expect(fillerCounts(state)).toEqual({ found: 2, removed: 1 });
    expect(fillerCountLabel(fillerCounts(state))).toBe('2 fillers, 1 removed');
    expect(fillerCountLabel({ found: 1, removed: 0 })).toBe('1 filler, 0 removed');
    expect(fillerCountLabel({ found: 0, removed: 0 })).toBe('No fillers found');
  });

  it('counts the gaps one way for every screen: silences cut or deleted, fillers apart', () => {
    const kept = { id: 'gap-4', start: 6, end: 7 };
    // A cut filler is not a gap found; a deleted silence still is, and counts as deleted.
    expect(gapCounts({ gaps: [silence, um], deletedGaps: [uh, kept] })).toEqual({
      found: 2,
      deleted: 1,
    });
    // Deleting a gap leaves the count found alone.
    const before = { gaps: [silence, kept, um], deletedGaps: [] };
    const after = deleteGap(before, 'gap-4', { ctrlKey: true });
    expect(gapCounts(before)).toEqual({ found: 2, deleted: 0 });
    expect(gapCounts(after)).toEqual({ found: 2, deleted: 1 });
    // A gap in both lists (never expected) counts once.
    expect(gapCounts({ gaps: [kept], deletedGaps: [kept] })).toEqual({ found: 1, deleted: 1 });
  });

  it('restores any one kept filler, not only the last deleted gap', () => {
    const state = { gaps: [silence], deletedGaps: [um, uh] };
    const next = restoreGap(state, 'gap-2');
    expect(next.gaps).toEqual([silence, um]);
    expect(next.deletedGaps).toEqual([uh]);
    expect(restoreGap(next, 'gap-9')).toBe(next);
  });

  it('trims a silence dragged over a kept filler when the filler is removed again', () => {
    const wide = { id: 'gap-1', start: 1.5, end: 2.2 };
    const next = restoreGap({ gaps: [wide], deletedGaps: [um] }, 'gap-2');
    expect(next.gaps).toEqual([{ id: 'gap-1', start: 1.5, end: 2 }, um]);
  });
});

describe('timeline undo', () => {
  const start = (): GapEditState =>
    initialGapEditState([
      { id: 'gap-0', start: 10, end: 11.234 },
      { id: 'gap-1', start: 13, end: 14 },
      { id: 'gap-2', start: 16, end: 17 },
    ]);
  const WINDOW = { start: 10, end: 20 };

  it('keeps handles inside a clip window instead of [0, duration]', () => {
    const s = start();
    expect(clampHandle(s.gaps, 'gap-0', 'start', 3, WINDOW)).toBe(10);
    expect(clampHandle(s.gaps, 'gap-2', 'end', 25, WINDOW)).toBe(20);
    expect(clampHandle(s.gaps, 'gap-2', 'end', 19.456, WINDOW)).toBe(19.46);
  });

  it('undoes a handle drag exactly, even to a value with more than 2 decimals', () => {
    const moved = moveHandleEdit(start(), 'gap-0', 'end', 12.5, WINDOW);
    expect(moved.gaps[0]).toEqual({ id: 'gap-0', start: 10, end: 12.5 });
    expect(moved.history).toEqual([{ kind: 'move', id: 'gap-0', side: 'end', from: 11.234 }]);
    expect(canUndo(moved)).toBe(true);
    const undone = undoLastEdit(moved);
    expect(undone.gaps[0]).toEqual({ id: 'gap-0', start: 10, end: 11.234 });
    expect(undone.history).toEqual([]);
    expect(canUndo(undone)).toBe(false);
  });

  it('does not record a drag that changed nothing', () => {
    const s = start();
    // Already at the window start: clamped to the same value.
    expect(moveHandleEdit(s, 'gap-0', 'start', 2, WINDOW)).toBe(s);
    expect(moveHandleEdit(s, 'gap-9', 'start', 2, WINDOW)).toBe(s);
  });

  it('undoes drags and deletes in reverse order', () => {
    let s = moveHandleEdit(start(), 'gap-1', 'start', 12, WINDOW);
    s = deleteGapEdit(s, 'gap-2', { ctrlKey: true });
    s = moveHandleEdit(s, 'gap-1', 'end', 15, WINDOW);
    expect(s.gaps.map((g) => g.id)).toEqual(['gap-0', 'gap-1']);
    s = undoLastEdit(s);
    expect(s.gaps[1]).toEqual({ id: 'gap-1', start: 12, end: 14 });
    s = undoLastEdit(s);
    expect(s.gaps.map((g) => g.id)).toEqual(['gap-0', 'gap-1', 'gap-2']);
    expect(s.deletedGaps).toEqual([]);
    s = undoLastEdit(s);
    expect(s.gaps[1]).toEqual({ id: 'gap-1', start: 13, end: 14 });
    expect(s.history).toEqual([]);
  });

  it('needs Ctrl or Meta to delete, and records the delete', () => {
    const s = start();
    expect(deleteGapEdit(s, 'gap-1', {})).toBe(s);
    const deleted = deleteGapEdit(s, 'gap-1', { metaKey: true });
    expect(deleted.history).toEqual([{ kind: 'delete', id: 'gap-1' }]);
    expect(deleted.deletedGaps.map((g) => g.id)).toEqual(['gap-1']);
  });

  it('Undo Delete restores the last deleted gap, trims overlaps and forgets that step', () => {
    let s = deleteGapEdit(start(), 'gap-1', { ctrlKey: true });
    // The neighbour grows over the deleted gap's place before the undo.
    s = moveHandleEdit(s, 'gap-0', 'end', 13.5, WINDOW);
    s = undoDeleteEdit(s);
    expect(s.gaps).toEqual([
      { id: 'gap-0', start: 10, end: 13 },
      { id: 'gap-1', start: 13, end: 14 },
      { id: 'gap-2', start: 16, end: 17 },
    ]);
    expect(s.history).toEqual([{ kind: 'move', id: 'gap-0', side: 'end', from: 11.234 }]);
    expect(undoDeleteEdit(s)).toBe(s);
    // The drag is undone as far as the restored neighbour allows.
    expect(undoLastEdit(s).gaps[0]).toEqual({ id: 'gap-0', start: 10, end: 11.234 });
  });

  it('opens with the detected gaps missing from the cut as deleted ones, undoable', () => {
    const detected = [
      { id: 'gap-0', start: 1, end: 2 },
      { id: 'gap-1', start: 3, end: 4 },
      { id: 'gap-2', start: 5, end: 6 },
    ];
    const s = initialGapEditState([{ id: 'gap-1', start: 3.2, end: 4 }], detected);
    expect(s.gaps).toEqual([{ id: 'gap-1', start: 3.2, end: 4 }]);
    expect(s.deletedGaps.map((g) => g.id)).toEqual(['gap-0', 'gap-2']);
    expect(canUndo(s)).toBe(true);
    expect(undoLastEdit(s).gaps.map((g) => g.id)).toEqual(['gap-1', 'gap-2']);
  });

  it('forgets the oldest steps beyond the limit', () => {
    let s = start();
    for (let i = 0; i < MAX_UNDO_STEPS + 5; i += 1) {
      s = recordEdit(s, { kind: 'move', id: 'gap-0', side: 'end', from: 11 + (i % 2) });
    }
    expect(s.history).toHaveLength(MAX_UNDO_STEPS);
  });
});
