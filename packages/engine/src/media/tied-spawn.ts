// Child processes that die with the process that started them, even when it is killed with
// SIGKILL (a worker killed mid-render must not leave its ffmpeg or recogniser running for hours).
// Linux only does this on request: the child asks for a "parent death signal" (prctl
// PR_SET_PDEATHSIG), which util-linux's setpriv sets before it execs the real binary, so the pid,
// the exit code and the signals are the binary's own.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export const SETPRIV_PATH = '/usr/bin/setpriv';

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

let setprivFound: boolean | undefined;
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

/**
 * The command line that runs `binary` tied to this process: [setpriv, --pdeathsig, KILL, --,
 * binary, ...args] when setpriv is there (Linux), else the binary alone. NOTE: a binary that is
 * not installed is spawned as it is, so the caller still gets its ENOENT error and message.
 */
export function tiedCommand(binary: string, args: readonly string[]): [string, string[]] {
  setprivFound ??= process.platform === 'linux' && executable(SETPRIV_PATH);
  const resolved = setprivFound ? locate(binary) : undefined;
  if (!resolved) return [binary, [...args]];
  return [SETPRIV_PATH, ['--pdeathsig', 'KILL', '--', resolved, ...args]];
}
