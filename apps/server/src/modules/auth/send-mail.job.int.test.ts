import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, readLatestOutboxMessage } from '../../mail/mailer.ts';
import {
  CONFIRM_LINK,
  RESET_LINK,
  TEST_DATABASES,
  newCredentials,
  startTestApp,
  waitForLink,
} from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { codes, sessions, users } from '../../db/tables/auth.schema.ts';
import { cleanupAuthJob } from './cleanup-auth.job.ts';
import { sendMailJob } from './send-mail.job.ts';

describe.each(TEST_DATABASES)('the send-mail job on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a registration goes through pg-boss and lands in the outbox as a text + HTML .eml', async () => {
    const creds = newCredentials();
    const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: creds });
    expect(response.statusCode).toBe(200);
    const mail = await waitForLink(t.outboxDir, creds.email, CONFIRM_LINK);
    expect(mail.file).toMatch(/\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(mail.raw).toMatch(new RegExp(`^To: ${creds.email}$`, 'm'));
    expect(mail.raw).toContain('Subject: Confirm your Roughcut account');
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    // The body parts hold the full link too (quoted-printable may wrap it).
    const unwrapped = mail.raw.replace(/=\n/g, '').replace(/=3D/g, '=');
    expect(unwrapped).toContain(mail.link);
    expect(unwrapped).toContain(`href="${mail.link}"`);

    const [job] = await t.app.ctx.queue.boss.findJobs(sendMailJob.name, {
      data: { kind: 'confirm' },
    });
    expect(job?.data).toEqual({ kind: 'confirm', userId: expect.any(String) as string });
    // The raw code never reaches the database: only its hash is stored.
    const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, creds.email));
    const rows = await t.app.ctx.db
      .select()
      .from(codes)
      .where(eq(codes.userId, user?.id ?? ''));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.hash).not.toBe(mail.code);
    expect(JSON.stringify(job)).not.toContain(mail.code);
  });

  it('queues a reset request the same way whether or not the account exists', async () => {
    const creds = newCredentials();
    await t.app.inject({ method: 'POST', url: '/api/register', payload: creds });
    const ghost = `ghost-${creds.username}@example.com`;
    const jobsFor = (login: string) =>
      t.app.ctx.queue.boss.findJobs(sendMailJob.name, { data: { kind: 'reset', login } });
    // NOTE: the answer waits for the same work in both cases (one lookup, one queued job); the
    // account's code and mail are made by the job, after the answer.
    for (const login of [creds.email, ghost]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/resetpassword/${encodeURIComponent(login)}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect((await jobsFor(login)).map((job) => job.data)).toEqual([{ kind: 'reset', login }]);
    }
    const mail = await waitForLink(t.outboxDir, creds.email, RESET_LINK);
    expect(mail.raw).toMatch(new RegExp(`^To: ${creds.email}$`, 'm'));
    const deadline = Date.now() + 20_000;
    while ((await jobsFor(ghost))[0]?.state !== 'completed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await jobsFor(ghost))[0]?.state).toBe('completed');
    expect(await readLatestOutboxMessage(t.outboxDir, ghost)).toBeUndefined();
  });

  it('is idempotent: a retried job does not send a second mail', async () => {
    const creds = newCredentials();
    await t.app.inject({ method: 'POST', url: '/api/register', payload: creds });
    await waitForLink(t.outboxDir, creds.email, CONFIRM_LINK);
    const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, creds.email));
    const outboxDir = `${t.dataDir}/retry-outbox`;
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'test@example.com',
      outboxDir,
      log: t.app.log,
    });
    const context = {
      db: t.app.ctx.db,
      config: t.app.ctx.config,
      mailer,
      log: t.app.log,
      jobId: 'job-retry-1',
      storage: t.app.ctx.storage,
      signal: new AbortController().signal,
    };
    await sendMailJob.handle({ kind: 'reset', userId: user?.id ?? '' }, context);
    await sendMailJob.handle({ kind: 'reset', userId: user?.id ?? '' }, context);
    expect(await readdir(outboxDir)).toHaveLength(1);
  });

  it('does nothing for a user that no longer exists', async () => {
    const outboxDir = `${t.dataDir}/gone-outbox`;
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'test@example.com',
      outboxDir,
      log: t.app.log,
    });
    await sendMailJob.handle(
      { kind: 'confirm', userId: 'no-such-user' },
      {
        db: t.app.ctx.db,
        config: t.app.ctx.config,
        mailer,
        log: t.app.log,
        jobId: 'job-gone',
        storage: t.app.ctx.storage,
        signal: new AbortController().signal,
      },
    );
    await expect(readdir(outboxDir)).rejects.toThrow();
  });

  it('the hourly cleanup job is scheduled and removes expired sessions only', async () => {
    const schedules = await t.app.ctx.queue.boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain(cleanupAuthJob.name);
    const creds = newCredentials();
    await t.app.inject({ method: 'POST', url: '/api/register', payload: creds });
    const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, creds.email));
    const userId = user?.id ?? '';
    await t.app.ctx.db.insert(sessions).values([
      { id: `old-${userId}`, userId, expiresAt: new Date(Date.now() - 1000) },
      { id: `live-${userId}`, userId, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await cleanupAuthJob.handle(
      {},
      {
        db: t.app.ctx.db,
        config: t.app.ctx.config,
        mailer: createMailer({
          smtpUrl: undefined,
          from: 'x@y.z',
          outboxDir: t.dataDir,
          log: t.app.log,
        }),
        log: t.app.log,
        jobId: 'cleanup-1',
        storage: t.app.ctx.storage,
        signal: new AbortController().signal,
      },
    );
    const left = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(left.map((row) => row.id)).toEqual([`live-${userId}`]);
  });
});
