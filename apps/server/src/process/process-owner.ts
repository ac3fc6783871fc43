// Which process left a temp file or an unfinished upload, so that process's restart (or any other
// process on its machine) can tell "its writer is dead" apart from "still being written" at once,
// instead of waiting for an age limit. Across machines only the age limit can tell.
import { randomBytes } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import os from 'node:os';

export type ProcessOwner = {
  /** The machine and its pid namespace: pids are only comparable within one. */
  host: string;
  pid: number;
  /** Random per process start: a restarted container may get the same pid again. */
  boot: string;
};

function hostId(): string {
  const name =
    os
      .hostname()
      .replace(/[^A-Za-z0-9-]/g, '-')
      .slice(0, 48) || 'host';
  let namespace = '';
  try {
    namespace = /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))?.[1] ?? '';
  } catch {
    // NOTE: no /proc (not Linux): the host name alone.
  }
  return namespace ? `${name}.${namespace}` : name;
}

export const THIS_PROCESS: ProcessOwner = {
  host: hostId(),
  pid: process.pid,
  boot: randomBytes(4).toString('hex'),
};

/** `host_pid_boot`: safe in file names and storage keys' neighbours. */
export const formatOwner = (owner: ProcessOwner = THIS_PROCESS): string =>
  `${owner.host}_${owner.pid}_${owner.boot}`;

export function parseOwner(text: string): ProcessOwner | undefined {
  const match = /^([A-Za-z0-9.-]+)_(\d+)_([0-9a-f]{8})(?:_|$)/.exec(text);
  if (!match?.[1] || !match[2] || !match[3]) return undefined;
  return { host: match[1], pid: Number(match[2]), boot: match[3] };
}

/**
 * True when the owner process is certainly gone (same machine: its pid is dead, or it is this
 * process's pid from an earlier start); false when it is this process or a live one; undefined
 * when it ran elsewhere and only its age can tell.
 */
export function isOwnerGone(
  owner: ProcessOwner,
  self: ProcessOwner = THIS_PROCESS,
): boolean | undefined {
  if (owner.host !== self.host) return undefined;
  if (owner.pid === self.pid) return owner.boot !== self.boot;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    // NOTE: EPERM means the pid lives under another user: alive.
    return error instanceof Error && 'code' in error && error.code === 'ESRCH';
  }
}
