// A tool started by a process that is then killed with SIGKILL dies with it: no orphaned ffmpeg
// or recogniser keeps a machine busy after its worker was killed.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PRLIMIT_PATH, SETPRIV_PATH, tiedCommand } from './tied-spawn.ts';

const here = fileURLToPath(new URL('./tied-spawn.ts', import.meta.url));

/** Alive and not a zombie (an orphan's zombie waits for init to reap it). */
async function isRunning(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX] /.test(stat);
  } catch {
    return false;
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe.runIf(process.platform === 'linux')('tied child processes', () => {
  it('runs the binary through setpriv with a parent-death signal', () => {
    expect(tiedCommand('sleep', ['1'])).toEqual([
      SETPRIV_PATH,
      ['--pdeathsig', 'KILL', '--', expect.stringMatching(/\/sleep$/) as string, '1'],
    ]);
    // NOTE: a missing binary is left as it is, so its caller still reports "not installed".
    expect(tiedCommand('no-such-tool-here', ['x'])).toEqual(['no-such-tool-here', ['x']]);
  });

  it('sets a memory ceiling on the child itself, in bytes, behind the same tie', async () => {
    const limit = 3 * 1024 ** 3;
    const [command, args] = tiedCommand('sh', ['-c', 'ulimit -v; echo $PPID'], {
      memoryBytes: limit,
    });
    expect([command, args.slice(0, 7)]).toEqual([
      SETPRIV_PATH,
      [
        '--pdeathsig',
        'KILL',
        '--',
        PRLIMIT_PATH,
        `--as=${limit}`,
        '--',
        expect.stringMatching(/\/sh$/),
      ],
    ]);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((resolve) => child.once('close', resolve));
    // ulimit -v counts KiB; the shell's parent is this process: prlimit and setpriv exec'd away.
    expect(out.trim().split('\n')).toEqual([String(limit / 1024), String(process.pid)]);
  });

  it.each([{ memoryBytes: null }, { memoryBytes: 2 * 1024 ** 3 }])(
    'kills the child when its parent is killed with SIGKILL (%o)',
    async (options) => {
      const script = `
      import { spawn } from 'node:child_process';
      import { tiedCommand } from ${JSON.stringify(here)};
      const [command, args] = tiedCommand('sleep', ['300'], ${JSON.stringify(options)});
      const child = spawn(command, args, { stdio: 'ignore' });
      console.log(child.pid);
      setInterval(() => {}, 1000);
    `;
      const parent = spawn(process.execPath, ['--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const childPid = await new Promise<number>((resolve, reject) => {
        parent.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
        parent.once('exit', () => reject(new Error('the parent exited before starting its child')));
      });
      expect(await waitFor(() => isRunning(childPid), 5000)).toBe(true);
      parent.kill('SIGKILL');
      expect(await waitFor(async () => !(await isRunning(childPid)), 5000)).toBe(true);
    },
  );
});
