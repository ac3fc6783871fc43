import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { queryKeys } from './query-keys.ts';
import { createQueryClient } from './query-client.ts';

const alert = vi.fn<(message: string) => void>();

beforeEach(() => {
  alert.mockReset();
  vi.stubGlobal('window', { alert });
});
afterEach(() => vi.unstubAllGlobals());

const failWith = (error: Error) => () => Promise.reject(error);

describe('query client error handling', () => {
  it("alerts the server's err of a failed load", async () => {
    const client = createQueryClient();
    await client
      .fetchQuery({
        queryKey: queryKeys.user,
        queryFn: failWith(new ApiError(400, 'Your account is locked')),
        meta: { errorAlert: 'Uh-oh, there was an issue finding you! Please try again' },
      })
      .catch(() => undefined);
    expect(alert).toHaveBeenCalledExactlyOnceWith('Your account is locked');
  });

  it('alerts the fallback when the server sent no err', async () => {
    const client = createQueryClient();
    await client
      .fetchQuery({
        queryKey: queryKeys.account,
        queryFn: failWith(new ApiError(404, undefined)),
        meta: { errorAlert: 'There was an issue grabbing your account, please try again' },
      })
      .catch(() => undefined);
    expect(alert).toHaveBeenCalledExactlyOnceWith(
      'There was an issue grabbing your account, please try again',
    );
  });

  it('ends the session instead of alerting when signed-in data answers 401', async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.session, true);
    await client
      .fetchQuery({
        queryKey: queryKeys.account,
        queryFn: failWith(new ApiError(401, 'Please log in')),
        meta: { errorAlert: 'There was an issue grabbing your account, please try again' },
      })
      .catch(() => undefined);
    expect(alert).not.toHaveBeenCalled();
    expect(client.getQueryData(queryKeys.session)).toBe(false);
  });

  it('stays silent for loads without an alert', async () => {
    const client = createQueryClient();
    await client
      .fetchQuery({ queryKey: ['other'], queryFn: failWith(new ApiError(400, 'x')) })
      .catch(() => undefined);
    expect(alert).not.toHaveBeenCalled();
  });
});
