import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { THIS_PROCESS, formatOwner, isOwnerGone, parseOwner } from './process-owner.ts';

/** A pid that existed a moment ago and is certainly dead now. */
const deadPid = (): number => {
  const child = spawnSync('true');
  return child.pid ?? 999_999;
};

describe('process owners', () => {
  it('round-trips through a file name', () => {
    const text = formatOwner();
    expect(text).toMatch(/^[A-Za-z0-9.-]+_\d+_[0-9a-f]{8}$/);
    expect(parseOwner(text)).toEqual(THIS_PROCESS);
    expect(parseOwner(`${text}_5f0c1c9e-uuid.upload`)).toEqual(THIS_PROCESS);
    expect(parseOwner('5f0c1c9e-7c8d-4a47-9c39-1a0f7f1f0d11.upload')).toBeUndefined();
  });

  it('tells dead processes on this machine from live ones and from other machines', () => {
    expect(isOwnerGone(THIS_PROCESS)).toBe(false);
    // This pid from an earlier start of the process (a restarted container reuses pids).
    expect(isOwnerGone({ ...THIS_PROCESS, boot: '00000000' })).toBe(true);
    expect(isOwnerGone({ ...THIS_PROCESS, pid: deadPid() })).toBe(true);
    expect(isOwnerGone({ ...THIS_PROCESS, pid: process.ppid })).toBe(false);
    expect(isOwnerGone({ ...THIS_PROCESS, host: 'elsewhere', pid: deadPid() })).toBeUndefined();
  });
});
