// Child processes that die with the process that started them, even when it is killed with
// SIGKILL (a worker killed mid-render must not leave its ffmpeg or recogniser running for hours).
// Linux only does this on request: the child asks for a "parent death signal" (prctl
// PR_SET_PDEATHSIG), which util-linux's setpriv sets before it execs the real binary, so the pid,
// the exit code and the signals are the binary's own. A memory ceiling rides the same chain:
// util-linux's prlimit sets the address-space limit (RLIMIT_AS) on itself and execs the binary,
// so the kernel refuses the child's allocations past it, with the same pid again.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export const SETPRIV_PATH = '/usr/bin/setpriv';
export const PRLIMIT_PATH = '/usr/bin/prlimit';

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

let setprivFound: boolean | undefined;
let prlimitFound: boolean | undefined;
const found = new Map<string, string | undefined>();

/** Where `binary` is on PATH (or itself when it names a path), if it can run. */
function locate(binary: string): string | undefined {
  if (found.has(binary)) return found.get(binary);
  let path: string | undefined;
  if (binary.includes('/')) path = executable(binary) ? binary : undefined;
  else {
    path = (process.env.PATH ?? '')
      .split(delimiter)
      .filter(Boolean)
      .map((dir) => join(dir, binary))
      .find(executable);
  }
  found.set(binary, path);
  return path;
}

export type TieOptions = {
  /** An address-space ceiling in bytes (Linux, with prlimit); none when absent or null. */
  memoryBytes?: number | null;
};

/** Whether a memory ceiling can be set on children here (Linux with util-linux's prlimit). */
export function canLimitMemory(): boolean {
  prlimitFound ??= process.platform === 'linux' && executable(PRLIMIT_PATH);
  return prlimitFound;
}

/**
 * The command line that runs `binary` tied to this process: [setpriv, --pdeathsig, KILL, --,
 * binary, ...args] when setpriv is there (Linux), else the binary alone; with `memoryBytes`,
 * prlimit --as=N -- comes before the binary. NOTE: a binary that is not installed is spawned as it
 * is, so the caller still gets its ENOENT error and message.
 * WARNING: prlimit reads plain bytes only: `--as=4G` is 4 bytes, and every child then crashes.
 */
export function tiedCommand(
  binary: string,
  args: readonly string[],
  options: TieOptions = {},
): [string, string[]] {
  setprivFound ??= process.platform === 'linux' && executable(SETPRIV_PATH);
  const limit = options.memoryBytes && canLimitMemory() ? Math.floor(options.memoryBytes) : 0;
  const resolved = setprivFound || limit ? locate(binary) : undefined;
  if (!resolved) return [binary, [...args]];
  const limited = limit ? [PRLIMIT_PATH, `--as=${limit}`, '--', resolved] : [resolved];
  const [command = resolved, ...rest] = limited;
  if (!setprivFound) return [command, [...rest, ...args]];
  return [SETPRIV_PATH, ['--pdeathsig', 'KILL', '--', ...limited, ...args]];
}
