import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { retryWhileUnreachable } from './retry-while-unreachable.ts';

const unreachable = () => new ApiError(0, undefined, 'Unable to reach the server');
const wait = () => Promise.resolve();

describe('retryWhileUnreachable', () => {
  it('tries again while the server cannot be reached, then answers', async () => {
    const call = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(unreachable())
      .mockRejectedValueOnce(unreachable())
      .mockResolvedValue('started');
    await expect(retryWhileUnreachable(call, { wait })).resolves.toBe('started');
    expect(call).toHaveBeenCalledTimes(3);
  });

  it("throws the server's own refusal at once", async () => {
    const refusal = new ApiError(409, 'Already started');
    const call = vi.fn<() => Promise<string>>().mockRejectedValue(refusal);
    await expect(retryWhileUnreachable(call, { wait })).rejects.toBe(refusal);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('gives up after its tries', async () => {
    const call = vi.fn<() => Promise<string>>().mockRejectedValue(unreachable());
    await expect(retryWhileUnreachable(call, { wait, tries: 3 })).rejects.toThrow(/reach/);
    expect(call).toHaveBeenCalledTimes(3);
  });
});
