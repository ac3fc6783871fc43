// The exits that need no server: help, usage errors and missing connection settings.
import { describe, expect, it } from 'vitest';
import { main } from './main.ts';

const TOKEN = `rc_${'a'.repeat(43)}`;

async function run(argv: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, env, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

describe('./roughcut remote without a server', () => {
  it('prints the usage on stdout for help', async () => {
    const help = await run(['help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^usage: \.\/roughcut remote <command>/);
  });

  it('exits 2 with the reason and the usage on a bad command line', async () => {
    const bad = await run(['edit', 'notes.txt'], {
      ROUGHCUT_URL: 'http://localhost:3000',
      ROUGHCUT_TOKEN: TOKEN,
    });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^roughcut remote: File does not end in \.mp4\.[^\n]*\n\nusage: /);
  });

  it('exits 2 saying which connection setting is missing or wrong', async () => {
    expect(await run(['status', 'job-1'])).toMatchObject({
      code: 2,
      stderr: 'roughcut remote: Set ROUGHCUT_URL to the address of your Roughcut server.\n',
    });
    const noToken = await run(['status', 'job-1'], { ROUGHCUT_URL: 'http://localhost:3000' });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toMatch(/Set ROUGHCUT_TOKEN to a personal access token/);
    const badToken = await run(['status', 'job-1'], {
      ROUGHCUT_URL: 'http://localhost:3000',
      ROUGHCUT_TOKEN: 'abc',
    });
    expect(badToken.stderr).toMatch(/does not look like a Roughcut access token/);
  });

  it('exits 2 for a video that is not there, before calling the server', async () => {
    const missing = await run(['edit', '/no/such/talk.mp4'], {
      ROUGHCUT_URL: 'http://127.0.0.1:1',
      ROUGHCUT_TOKEN: TOKEN,
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^roughcut remote: There is no file at \/no\/such\/talk\.mp4\n/);
  });
});
