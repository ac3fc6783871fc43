// The uploads this tab is sending, kept outside React so one goes on while the user moves between
// screens, and any screen can show its progress. While one is sending, leaving the page (closing
// the tab, a reload, typing another address) asks first.
import { useSyncExternalStore } from 'react';
import { fingerprintFile } from '../lib/file-fingerprint.ts';
import { addSpeedSample, measuredSpeed } from '../lib/upload-progress.rules.ts';
import type { SpeedSample, UploadProgress } from '../lib/upload-progress.rules.ts';
import { sendResumableUpload } from './resumable-upload.ts';

export type UploadSessionState = 'preparing' | 'sending' | 'reconnecting' | 'done' | 'failed';

export type UploadSession = UploadProgress & {
  jobId: string;
  fileName: string;
  state: UploadSessionState;
};

const sessions = new Map<string, UploadSession>();
const listeners = new Set<() => void>();

const publish = (session: UploadSession): void => {
  sessions.set(session.jobId, session);
  for (const listener of listeners) listener();
};

/** Whether the session is still sending (or about to send) its video. */
export const isSending = (session: UploadSession): boolean =>
  session.state !== 'done' && session.state !== 'failed';

/** Whether this tab is still sending (or about to send) a video. */
export const isSendingAny = (): boolean => [...sessions.values()].some(isSending);

let guarded = false;

function guardPageLeave(): void {
  if (guarded || typeof window === 'undefined') return;
  guarded = true;
  // NOTE: browsers show their own wording; the page only asks for the question to be asked.
  window.addEventListener('beforeunload', (event) => {
    if (!isSendingAny()) return;
    event.preventDefault();
    event.returnValue = '';
  });
}

export type SendVideoOptions = {
  startWhenDone?: boolean;
  resumeUrl?: string | null;
  /** Already computed (the resume check needs it first). */
  fingerprint?: string;
  onProgress?: (progress: UploadProgress) => void;
};

/**
 * Sends the edit's video resumably and follows it in the store. Resolves when the server has it;
 * rejects with the server's refusal (ApiError) or after the retries ran out (status 0), in which
 * case the upload waits on the server, paused, for the same file to be chosen again.
 */
export async function sendVideo(
  jobId: string,
  file: File,
  options: SendVideoOptions = {},
): Promise<void> {
  guardPageLeave();
  let samples: SpeedSample[] = [];
  let session: UploadSession = {
    jobId,
    fileName: file.name,
    loaded: 0,
    total: file.size,
    bytesPerSecond: null,
    state: 'preparing',
  };
  const update = (patch: Partial<UploadSession>) => {
    session = { ...session, ...patch };
    publish(session);
    options.onProgress?.(session);
  };
  update({});
  try {
    const fingerprint = options.fingerprint ?? (await fingerprintFile(file));
    const send = sendResumableUpload({
      jobId,
      file,
      fingerprint,
      startWhenDone: options.startWhenDone === true,
      resumeUrl: options.resumeUrl ?? null,
      onProgress: (loaded, total) => {
        samples = addSpeedSample(samples, { atMs: performance.now(), loaded });
        update({ loaded, total, bytesPerSecond: measuredSpeed(samples), state: 'sending' });
      },
      onReconnecting: () => {
        samples = [];
        update({ state: 'reconnecting', bytesPerSecond: null });
      },
    });
    await send.done;
    update({ state: 'done', loaded: session.total });
  } catch (error) {
    update({ state: 'failed' });
    throw error;
  }
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** This tab's upload of the edit's video, if it sent or is sending one. */
export function useUploadSession(jobId: string): UploadSession | undefined {
  return useSyncExternalStore(
    subscribe,
    () => sessions.get(jobId),
    () => undefined,
  );
}
