import type { ClipDraft } from '@roughcut/shared';

// Issue 31: keeps the server's draft of a clip in step with the screen's edits. A burst of changes
// makes one request (a short quiet time, and never more than DRAFT_MAX_WAIT_MS after the first
// change); one request at a time; a failed save is retried (sooner when the browser is back
// online); a refusal waits for the next change. No React here: the hook wires it to the screen.

export type DraftSyncStatus =
  /** Nothing to save: the edits are the clip as loaded, or the draft as restored. */
  | { kind: 'idle' }
  /** Changes wait for the quiet time. */
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  /** The save failed on the way (offline, server down): it is tried again. */
  | { kind: 'retrying'; message: string }
  /** The server refused the draft: the next change tries again. */
  | { kind: 'refused'; message: string };

/** The edits as a draft now: `draft` null when they are the clip as loaded (no draft to keep). */
export type DraftSnapshot = { key: string; draft: ClipDraft | null };

export type DraftSyncOptions<S> = {
  /** The edits as the screen opened. */
  initial: S;
  /** The draft of the edits. */
  snapshot: (state: S) => DraftSnapshot;
  /** The key of what the server holds as the screen opens: the restored draft, or the clip. */
  savedKey: string;
  save: (draft: ClipDraft, keepalive: boolean) => Promise<unknown>;
  remove: (keepalive: boolean) => Promise<unknown>;
  onStatus: (status: DraftSyncStatus) => void;
  /** Whether asking again cannot help (the server said no). */
  isRefusal: (error: unknown) => boolean;
  describe: (error: unknown) => string;
  idleMs?: number;
  maxWaitMs?: number;
  retryDelaysMs?: readonly number[];
};

export const DRAFT_IDLE_MS = 500;
/**
 * A change is on its way to the server within this. NOTE: the bound is 2 s for the save;
 * this leaves room for a busy page's late timers and the request itself.
 */
export const DRAFT_MAX_WAIT_MS = 1000;
export const DRAFT_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15000, 30000] as const;

export type DraftSync<S> = {
  /** The edits changed (the same object again is no change). */
  changed: (state: S) => void;
  /** Saves now; resolves once nothing is on its way (saved, or failed). */
  flush: () => Promise<void>;
  /** The page is going away: one last save that may outlive it (keepalive), unawaited. */
  beacon: () => void;
  retryNow: () => void;
  /** No more saves (a confirm or a discard takes over) until `resume`. */
  stop: () => void;
  resume: () => void;
  /** Some change is not on the server yet. */
  isUnsaved: () => boolean;
  status: () => DraftSyncStatus;
  /** The save on its way, if any. */
  settled: () => Promise<void>;
};

export function createDraftSync<S>(options: DraftSyncOptions<S>): DraftSync<S> {
  const idleMs = options.idleMs ?? DRAFT_IDLE_MS;
  const maxWaitMs = options.maxWaitMs ?? DRAFT_MAX_WAIT_MS;
  const retryDelays = options.retryDelaysMs ?? DRAFT_RETRY_DELAYS_MS;
  let savedKey = options.savedKey;
  let savedDraft = false;
  let changedSince = false;
  let failed = false;
  let stopped = false;
  let again = false;
  let attempt = 0;
  let inFlight: Promise<void> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let maxTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let current: DraftSyncStatus = { kind: 'idle' };
  let latest = options.initial;
  const read = () => options.snapshot(latest);

  const set = (status: DraftSyncStatus) => {
    current = status;
    options.onStatus(status);
  };
  const clearTimers = () => {
    clearTimeout(idleTimer);
    clearTimeout(maxTimer);
    clearTimeout(retryTimer);
    idleTimer = maxTimer = retryTimer = undefined;
  };
  const fire = () => {
    clearTimers();
    void run();
  };

  async function attemptOnce(): Promise<void> {
    const { key, draft } = read();
    changedSince = false;
    if (key === savedKey) {
      failed = false;
      set(savedDraft ? { kind: 'saved' } : { kind: 'idle' });
      return;
    }
    set({ kind: 'saving' });
    try {
      await (draft ? options.save(draft, false) : options.remove(false));
      savedKey = key;
      savedDraft = draft !== null;
      failed = false;
      attempt = 0;
      if (stopped) return;
      if (changedSince) set({ kind: 'pending' });
      else set(savedDraft ? { kind: 'saved' } : { kind: 'idle' });
    } catch (error) {
      failed = true;
      if (stopped) return;
      const message = options.describe(error);
      if (options.isRefusal(error)) {
        set({ kind: 'refused', message });
        return;
      }
      set({ kind: 'retrying', message });
      const delay = retryDelays[Math.min(attempt, retryDelays.length - 1)] ?? 1000;
      attempt += 1;
      if (!changedSince) retryTimer = setTimeout(fire, delay);
    }
  }

  function run(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = (async () => {
      try {
        do {
          again = false;
          await attemptOnce();
        } while (again && !stopped && !failed);
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  }

  const mark = () => {
    changedSince = true;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (current.kind !== 'saving') set({ kind: 'pending' });
    clearTimeout(idleTimer);
    idleTimer = setTimeout(fire, idleMs);
    maxTimer ??= setTimeout(fire, maxWaitMs);
  };

  const sync: DraftSync<S> = {
    changed(state) {
      if (state === latest) return;
      latest = state;
      if (!stopped) mark();
    },
    flush() {
      clearTimers();
      return run();
    },
    beacon() {
      if (stopped) return;
      const { key, draft } = read();
      if (key === savedKey && !inFlight) return;
      const send = (keepalive: boolean) =>
        draft ? options.save(draft, keepalive) : options.remove(keepalive);
      // NOTE: a keepalive body is limited to 64 KB; a larger draft goes as a plain request.
      send(true).catch(() => send(false).catch(() => undefined));
    },
    retryNow() {
      if (stopped || !failed || inFlight) return;
      fire();
    },
    stop() {
      stopped = true;
      clearTimers();
    },
    resume() {
      if (!stopped) return;
      stopped = false;
      mark();
    },
    isUnsaved: () =>
      !stopped && (changedSince || failed || inFlight !== null || idleTimer !== undefined),
    status: () => current,
    settled: () => inFlight ?? Promise.resolve(),
  };
  return sync;
}
