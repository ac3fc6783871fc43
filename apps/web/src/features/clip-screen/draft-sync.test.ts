import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { ClipDraft } from '@roughcut/shared';
import { DRAFT_IDLE_MS, DRAFT_MAX_WAIT_MS, createDraftSync } from './draft-sync.ts';
import type { DraftSnapshot, DraftSyncStatus } from './draft-sync.ts';

const draft = (tolerance: number): ClipDraft => ({
  confirmed_steps: [],
  cut: [],
  deleted_gaps: [],
  history: [],
  phrases: [],
  tolerance,
  subtitle: DEFAULT_DRAW_SETTINGS,
});

/** A screen whose edits are `now`, and a server that answers each request when told. */
function setUp(options: { savedKey?: string; refuse?: (error: unknown) => boolean } = {}) {
  const requests: { kind: 'save' | 'remove'; draft?: ClipDraft; keepalive: boolean }[] = [];
  const answers: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const statuses: DraftSyncStatus['kind'][] = [];
  const answer = () =>
    new Promise<void>((resolve, reject) => {
      answers.push({ resolve, reject });
    });
  const sync = createDraftSync<DraftSnapshot>({
    initial: { key: 'loaded', draft: null },
    snapshot: (now) => now,
    savedKey: options.savedKey ?? 'loaded',
    save: (body, keepalive) => {
      requests.push({ kind: 'save', draft: body, keepalive });
      return answer();
    },
    remove: (keepalive) => {
      requests.push({ kind: 'remove', keepalive });
      return answer();
    },
    onStatus: (status) => statuses.push(status.kind),
    isRefusal: options.refuse ?? ((error) => error === 'refused'),
    describe: (error) => `failed: ${String(error)}`,
  });
  const edit = (tolerance: number) =>
    sync.changed({ key: `t${tolerance}`, draft: draft(tolerance) });
  const revert = () => sync.changed({ key: 'loaded', draft: null });
  /** Answers the oldest open request and lets the sync go on. */
  const respond = async (error?: unknown) => {
    const next = answers.shift();
    if (!next) throw new Error('no request is waiting');
    if (error === undefined) next.resolve();
    else next.reject(error);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { sync, requests, statuses, edit, revert, respond };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the draft sync', () => {
  it('saves a change after a quiet moment', async () => {
    const { sync, requests, edit, respond } = setUp();
    edit(0.5);
    expect(sync.isUnsaved()).toBe(true);
    expect(sync.status().kind).toBe('pending');
    await vi.advanceTimersByTimeAsync(DRAFT_IDLE_MS - 1);
    expect(requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toEqual([{ kind: 'save', draft: draft(0.5), keepalive: false }]);
    expect(sync.status().kind).toBe('saving');
    expect(sync.isUnsaved()).toBe(true);
    await respond();
    expect(sync.status().kind).toBe('saved');
    expect(sync.isUnsaved()).toBe(false);
  });

  it('makes one request of a burst, sent within the longest wait, with the last change', async () => {
    const { requests, edit } = setUp();
    // NOTE: a change every 200 ms leaves no quiet moment; the longest wait sends anyway.
    for (const tolerance of [0.1, 0.2, 0.3, 0.4]) {
      edit(tolerance);
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(DRAFT_MAX_WAIT_MS - 800);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.draft?.tolerance).toBe(0.4);
    await vi.advanceTimersByTimeAsync(10 * DRAFT_MAX_WAIT_MS);
    expect(requests).toHaveLength(1);
  });

  it('sends nothing when the edits are back where the server has them', async () => {
    const { sync, requests, statuses, edit, revert } = setUp();
    edit(0.5);
    revert();
    await vi.advanceTimersByTimeAsync(DRAFT_MAX_WAIT_MS);
    expect(requests).toEqual([]);
    expect(statuses.at(-1)).toBe('idle');
    expect(sync.isUnsaved()).toBe(false);
  });

  it('removes the draft when the edits are back to the clip as loaded', async () => {
    const { sync, requests, edit, revert, respond } = setUp({ savedKey: 't0.3' });
    edit(0.5);
    const saved = sync.flush();
    expect(requests).toHaveLength(1);
    await respond();
    await saved;
    revert();
    const flushed = sync.flush();
    expect(requests.at(-1)).toEqual({ kind: 'remove', keepalive: false });
    await respond();
    await flushed;
    expect(sync.status().kind).toBe('idle');
    expect(sync.isUnsaved()).toBe(false);
  });

  it('flushes at once, and after a save on its way sends the newer edits too', async () => {
    const { sync, requests, edit, respond } = setUp();
    edit(0.5);
    const first = sync.flush();
    expect(requests).toHaveLength(1);
    edit(0.6);
    const second = sync.flush();
    expect(requests).toHaveLength(1);
    await respond();
    expect(requests).toHaveLength(2);
    expect(requests[1]?.draft?.tolerance).toBe(0.6);
    await respond();
    await Promise.all([first, second]);
    expect(sync.isUnsaved()).toBe(false);
    await vi.advanceTimersByTimeAsync(DRAFT_MAX_WAIT_MS);
    expect(requests).toHaveLength(2);
  });

  it('keeps a failed save unsaved and tries again, at once when asked', async () => {
    const { sync, requests, edit, respond } = setUp();
    edit(0.5);
    await vi.advanceTimersByTimeAsync(DRAFT_MAX_WAIT_MS);
    await respond('offline');
    expect(sync.status()).toEqual({ kind: 'retrying', message: 'failed: offline' });
    expect(sync.isUnsaved()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toHaveLength(2);
    await respond('offline');
    await vi.advanceTimersByTimeAsync(1999);
    expect(requests).toHaveLength(2);
    sync.retryNow();
    expect(requests).toHaveLength(3);
    await respond();
    expect(sync.status().kind).toBe('saved');
    expect(sync.isUnsaved()).toBe(false);
  });

  it('waits for the next change after a refusal', async () => {
    const { sync, requests, edit, respond } = setUp();
    edit(0.5);
    await vi.advanceTimersByTimeAsync(DRAFT_MAX_WAIT_MS);
    await respond('refused');
    expect(sync.status()).toEqual({ kind: 'refused', message: 'failed: refused' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
    expect(sync.isUnsaved()).toBe(true);
    edit(0.6);
    await vi.advanceTimersByTimeAsync(DRAFT_MAX_WAIT_MS);
    expect(requests).toHaveLength(2);
  });

  it('saves nothing while stopped, and picks up again on resume', async () => {
    const { sync, requests, edit } = setUp();
    edit(0.5);
    sync.stop();
    expect(sync.isUnsaved()).toBe(false);
    await vi.advanceTimersByTimeAsync(DRAFT_MAX_WAIT_MS);
    expect(requests).toEqual([]);
    sync.resume();
    expect(sync.isUnsaved()).toBe(true);
    await vi.advanceTimersByTimeAsync(DRAFT_MAX_WAIT_MS);
    expect(requests).toHaveLength(1);
  });

  it('sends a last keepalive save as the page goes, plainly when that is refused', async () => {
    const { sync, requests, edit, respond } = setUp();
    sync.beacon();
    expect(requests).toEqual([]);
    edit(0.5);
    sync.beacon();
    expect(requests).toEqual([{ kind: 'save', draft: draft(0.5), keepalive: true }]);
    await respond(new TypeError('body too large for keepalive'));
    expect(requests.at(-1)).toEqual({ kind: 'save', draft: draft(0.5), keepalive: false });
  });
});
