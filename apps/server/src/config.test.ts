import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, REPO_ROOT } from './config-env.ts';
import { defaultJobSlots } from './config-jobs.ts';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.join(REPO_ROOT, '.data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'Roughcut <no-reply@roughcut.local>',
      webDist: path.join(REPO_ROOT, 'apps/web/dist'),
      logLevel: 'info',
      embeddedWorker: true,
      trustProxy: false,
      storageDir: path.join(REPO_ROOT, '.data', 'media'),
      mediaSecret: undefined,
      maxUploadBytes: 1024 * 1024 * 1024,
      maxVideoSeconds: 4 * 60 * 60,
      uploadMinRate: { bytesPerSecond: 16 * 1024, windowMs: 60_000 },
      jobs: {
        heartbeatSeconds: 30,
        superviseSeconds: 15,
        retryDelaySeconds: undefined,
        retryLimit: undefined,
        slots: defaultJobSlots(),
        warmUp: true,
      },
      stripe: undefined,
      webhooks: { allowPrivate: false, retryBaseSeconds: 30 },
      mcp: { importDir: undefined, allowPrivate: false },
    });
  });

  it('reads the MCP variables (private addresses also where webhooks may reach them)', () => {
    expect(loadConfig({ MCP_IMPORT_DIR: '/srv/videos/', MCP_ALLOW_PRIVATE: 'true' }).mcp).toEqual({
      importDir: '/srv/videos',
      allowPrivate: true,
    });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).mcp.allowPrivate).toBe(true);
    expect(() => loadConfig({ MCP_ALLOW_PRIVATE: 'maybe' })).toThrow(/MCP_ALLOW_PRIVATE/);
  });

  it('reads the webhook variables', () => {
    const config = loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_SECONDS: '2' });
    expect(config.webhooks).toEqual({ allowPrivate: true, retryBaseSeconds: 2 });
  });

  it('reads the job slots: two to four by cores unless JOB_SLOTS says', () => {
    expect([1, 2, 3, 8].map((cores) => defaultJobSlots(cores))).toEqual([2, 2, 3, 4]);
    expect(loadConfig({ JOB_SLOTS: '6' }).jobs.slots).toBe(6);
    expect(() => loadConfig({ JOB_SLOTS: '0' })).toThrow(/JOB_SLOTS.*at least 1/);
  });

  it('reads the slowest accepted upload rate in KB/s (0 = no limit)', () => {
    expect(loadConfig({ UPLOAD_MIN_KBPS: '4' }).uploadMinRate).toEqual({
      bytesPerSecond: 4096,
      windowMs: 60_000,
    });
    expect(loadConfig({ UPLOAD_MIN_KBPS: '0' }).uploadMinRate.bytesPerSecond).toBe(0);
    expect(() => loadConfig({ UPLOAD_MIN_KBPS: 'fast' })).toThrow(/UPLOAD_MIN_KBPS/);
  });

  it('reads the media variables', () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/rc',
      STORAGE_DIR: '/mnt/media',
      MEDIA_SECRET: 'x'.repeat(32),
      MAX_UPLOAD_BYTES: '1048576',
    });
    expect(config.storageDir).toBe('/mnt/media');
    expect(config.mediaSecret).toBe('x'.repeat(32));
    expect(config.maxUploadBytes).toBe(1048576);
    expect(config.maxVideoSeconds).toBe(4 * 3600);
    expect(loadConfig({ MAX_VIDEO_SECONDS: '600' }).maxVideoSeconds).toBe(600);
    expect(() => loadConfig({ MAX_VIDEO_SECONDS: '0' })).toThrow(/MAX_VIDEO_SECONDS.*at least 1/);
    expect(loadConfig({ DATA_DIR: '/tmp/rc' }).storageDir).toBe('/tmp/rc/media');
    expect(() => loadConfig({ MEDIA_SECRET: 'short' })).toThrow(/MEDIA_SECRET/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/rc',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      PUBLIC_URL: 'https://roughcut.example.com/',
      SMTP_URL: 'smtps://u:p@mail.example.com',
      MAIL_FROM: 'Me <me@example.com>',
      WEB_DIST: '/srv/web',
      LOG_LEVEL: 'debug',
      EMBEDDED_WORKER: 'false',
      TRUST_PROXY: '2',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/rc',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
      publicUrl: 'https://roughcut.example.com',
      smtpUrl: 'smtps://u:p@mail.example.com',
      webDist: '/srv/web',
      logLevel: 'debug',
      embeddedWorker: false,
      trustProxy: 2,
    });
  });

  it('derives PUBLIC_URL from PORT and treats empty values as unset', () => {
    expect(loadConfig({ PORT: '4000', DATABASE_URL: '' })).toMatchObject({
      publicUrl: 'http://localhost:4000',
      databaseUrl: undefined,
    });
  });

  it.each([
    ['PORT', 'abc', /^Invalid environment variable PORT: expected a port number, got "abc"$/],
    ['PORT', '70000', /PORT: expected a port number from 0 to 65535/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL: expected a postgres:\/\/ connection URL/],
    ['PUBLIC_URL', 'localhost:3000', /PUBLIC_URL: expected an http:\/\/ or https:\/\/ URL/],
    ['SMTP_URL', 'http://mail', /SMTP_URL: expected an smtp:\/\//],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL: expected one of fatal, error/],
    ['EMBEDDED_WORKER', 'maybe', /EMBEDDED_WORKER: expected true or false, got "maybe"/],
    ['TRUST_PROXY', 'not a proxy!', /TRUST_PROXY: expected true, false/],
  ])('names the bad variable %s=%s', (name, value, message) => {
    try {
      loadConfig({ [name]: value });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe(name);
      expect((error as Error).message).toMatch(message);
    }
  });
});
