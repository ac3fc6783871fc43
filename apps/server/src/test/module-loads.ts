// Runs a script in a fresh node process whose module loader records every file it loads (the
// script sees them as `loaded`), for tests of what a process imports. The script prints one JSON
// line last; that line is returned parsed.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const RECORDER = `
import { registerHooks } from 'node:module';
const loaded = [];
registerHooks({
  load(url, context, nextLoad) {
    loaded.push(url);
    return nextLoad(url, context);
  },
});
`;

export async function runRecordingLoads<T>(
  script: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<T> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '--eval', RECORDER + script],
    { env: { ...env, NODE_OPTIONS: '' }, maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as T;
}
