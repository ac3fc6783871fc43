import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import {
  describeSaveError,
  draftStatusLine,
  isDraftRefusal,
  leaveQuestion,
} from './draft-status.ts';

const OFFLINE = new ApiError(0, undefined, 'Unable to reach the server, check your connection');

describe('the draft status words', () => {
  it('says nothing before a change, quietly how saving goes, and plainly when it fails', () => {
    expect(draftStatusLine({ kind: 'idle' })).toBeNull();
    expect(draftStatusLine({ kind: 'pending' })).toEqual({ text: 'Saving draft…', tone: 'quiet' });
    expect(draftStatusLine({ kind: 'saved' })).toEqual({ text: 'Draft saved', tone: 'quiet' });
    expect(draftStatusLine({ kind: 'retrying', message: describeSaveError(OFFLINE) })).toEqual({
      text: 'Draft not saved yet: Unable to reach the server, check your connection. Retrying…',
      tone: 'warning',
    });
    const refused = new ApiError(400, 'A gap must be at least 0.1 s long. Widen or delete it.');
    expect(draftStatusLine({ kind: 'refused', message: describeSaveError(refused) })).toEqual({
      text: 'Draft not saved: A gap must be at least 0.1 s long. Widen or delete it.',
      tone: 'error',
    });
  });

  it('asks before leaving in words that match where the save stands', () => {
    expect(leaveQuestion({ kind: 'saving' })).toContain('still being saved');
    expect(leaveQuestion({ kind: 'retrying', message: 'Offline' })).toBe(
      'Your latest changes are not saved: Offline. If you leave now, they are lost.',
    );
    expect(leaveQuestion({ kind: 'saved' })).toContain('saved as a draft');
  });

  it('retries what may pass later, not what the server refused', () => {
    expect(isDraftRefusal(OFFLINE)).toBe(false);
    expect(isDraftRefusal(new ApiError(503, undefined))).toBe(false);
    expect(isDraftRefusal(new ApiError(429, 'Slow down'))).toBe(false);
    expect(isDraftRefusal(new ApiError(409, 'This clip is confirmed'))).toBe(true);
    expect(isDraftRefusal(new ApiError(400, 'Bad'))).toBe(true);
  });
});
