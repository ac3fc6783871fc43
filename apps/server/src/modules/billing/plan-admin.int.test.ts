import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, billingSummarySchema } from '@roughcut/shared';
import { buildApp } from '../../app.ts';
import { REPO_ROOT } from '../../config-env.ts';
import { loadConfig } from '../../config.ts';
import { TEST_DATABASES, TEST_ORIGIN, startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { caller, signUp } from '../../test/video-edits.ts';
import { AdminCommandError, setPlanByLogin } from './plan-admin.ts';

const run = promisify(execFile);

describe.each(TEST_DATABASES)('setting a plan by e-mail or username on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the user either way and changes only their plan', async () => {
    const token = await signUp(t);
    const other = await signUp(t);
    const call = caller(t, token);
    const me = (await call('GET', apiPaths.user())).json<{ email: string; username: string }>();
    const planOf = async (session: string) =>
      billingSummarySchema.parse((await caller(t, session)('GET', apiPaths.billing())).json())
        .subscription_type;

    const change = await setPlanByLogin(t.app.ctx.db, me.email.toUpperCase(), 'standard');
    expect(change).toMatchObject({ previous: 'trial', plan: 'standard', email: me.email });
    expect(await planOf(token)).toBe('standard');
    expect(await planOf(other)).toBe('trial');
    await setPlanByLogin(t.app.ctx.db, me.username, 'trial');
    expect(await planOf(token)).toBe('trial');
    await expect(setPlanByLogin(t.app.ctx.db, 'nobody-here', 'standard')).rejects.toThrow(
      AdminCommandError,
    );
  });
});

describe('./roughcut admin on the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'roughcut-admin-'));
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  // NOTE: no PORT: the command must find the running server by its lock, not by probing a port.
  const env = () => ({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '',
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
  });
  const admin = (args: string[]) =>
    run(process.execPath, ['apps/server/src/admin.ts', ...args], { cwd: REPO_ROOT, env: env() })
      .then(({ stdout }) => ({ code: 0, stdout, stderr: '' }))
      .catch((error: { code: number; stdout: string; stderr: string }) => error);

  // NOTE: each run opens the embedded database in a new process, which is slow on a busy machine.
  it(
    'sets the plan while the server is stopped, and refuses while it runs',
    { timeout: 600_000 },
    async () => {
      const config = loadConfig({
        DATA_DIR: dataDir,
        PUBLIC_URL: TEST_ORIGIN,
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(dataDir, 'no-web-build'),
      });
      let app = await buildApp(config);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const registered = await app.inject({
        method: 'POST',
        url: apiPaths.register(),
        payload: { email: 'op-test@example.com', username: 'optest', password: 'pw-optest-1' },
      });
      expect(registered.statusCode).toBe(200);

      const refused = await admin(['plan', 'optest', 'standard']);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain(
        `Nothing was changed: The embedded database ${path.join(dataDir, 'db')} is already open in process ${process.pid}`,
      );
      expect(refused.stderr).toMatch(/stop the server, run this command, then start the server/);
      await app.close();

      const done = await admin(['plan', 'optest', 'standard']);
      expect(done.stdout.trim()).toBe(
        'optest <op-test@example.com> is now on the standard plan (was trial).',
      );
      app = await buildApp(config);
      try {
        const login = await app.inject({
          method: 'POST',
          url: apiPaths.login(),
          payload: { email: 'optest', password: 'pw-optest-1' },
        });
        const cookie = login.cookies.find((c) => c.name === 'roughcut_session')?.value ?? '';
        const billing = await app.inject({
          method: 'GET',
          url: apiPaths.billing(),
          cookies: { roughcut_session: cookie },
        });
        expect(billingSummarySchema.parse(billing.json()).subscription_type).toBe('standard');
      } finally {
        await app.close();
      }
    },
  );
});
