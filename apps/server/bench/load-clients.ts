// The load bench's users and pollers: users made through the real API (sign-up, log-in, jobs,
// upload, start, cancel), then clients that poll the job list and one job as the web app does,
// revalidating with If-None-Match as a browser's HTTP cache would.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { apiPaths, autoJobSchema } from '@roughcut/shared';

export type SeededUser = { cookie: string; jobIds: string[]; polledJobId: string };

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function send(
  base: string,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: Buffer | string; agent?: http.Agent } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${url}`,
      { method, headers: { origin: base, ...options.headers }, agent: options.agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

async function expectOk(answer: Promise<Answer>, what: string): Promise<Answer> {
  const result = await answer;
  if (result.status !== 200) throw new Error(`${what}: ${result.status} ${result.body}`);
  return result;
}

const json = (cookie: string, ip: string) => ({
  'content-type': 'application/json',
  cookie,
  'x-forwarded-for': ip,
});

/**
 * One user with `jobs` video edits; `started` of them ran once and were cancelled (with `video`
 * uploaded to each; none is read when no edit is started).
 */
export async function seedUser(
  base: string,
  index: number,
  video: string | undefined,
  counts: { jobs: number; started: number },
): Promise<SeededUser> {
  // NOTE: the seeding server trusts X-Forwarded-For so each user counts as its own client for
  // the per-IP sign-up limit.
  const ip = `10.9.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  const id = `load${index}${randomBytes(3).toString('hex')}`;
  const creds = { email: `${id}@example.com`, username: id, password: `pw-${id}-secret` };
  await expectOk(
    send(base, 'POST', '/api/register', { headers: json('', ip), body: JSON.stringify(creds) }),
    'register',
  );
  const login = await expectOk(
    send(base, 'POST', '/api/auth/login', {
      headers: json('', ip),
      body: JSON.stringify({ email: creds.email, password: creds.password }),
    }),
    'login',
  );
  const setCookie = login.headers['set-cookie']?.[0] ?? '';
  const cookie = setCookie.split(';')[0] ?? '';
  const jobIds: string[] = [];
  for (let j = 0; j < counts.jobs; j++) {
    const steps = j % 2 ? ['short-form-clips'] : ['optimised-long-form', 'short-form-clips'];
    const created = await expectOk(
      send(base, 'PUT', apiPaths.autojobCreate(), {
        headers: json(cookie, ip),
        body: JSON.stringify({ name: `Load test edit ${j + 1}`, steps }),
      }),
      'create',
    );
    jobIds.push(autoJobSchema.parse(JSON.parse(created.body)).id);
  }
  const bytes = counts.started > 0 && video ? await readFile(video) : Buffer.alloc(0);
  for (const jobId of jobIds.slice(0, counts.started)) {
    const boundary = `----load${randomBytes(6).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="talk.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    await expectOk(
      send(base, 'POST', apiPaths.autojobUpload(jobId), {
        headers: {
          cookie,
          'x-forwarded-for': ip,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body,
      }),
      'upload',
    );
    await expectOk(
      send(base, 'POST', apiPaths.autojobStart(jobId), { headers: { cookie } }),
      'start',
    );
    await expectOk(
      send(base, 'POST', apiPaths.autojobCancel(jobId), { headers: { cookie } }),
      'cancel',
    );
  }
  return { cookie, jobIds, polledJobId: jobIds[0] ?? '' };
}

export type PollStats = { latenciesMs: number[]; errors: number; notModified: number };

/**
 * Polls until `until` (a performance.now() time): the job list, then the job, again and again,
 * with no pause (each client is a busy browser tab compressed in time).
 */
export async function poll(
  base: string,
  user: SeededUser,
  agent: http.Agent,
  until: number,
  stats: PollStats,
): Promise<void> {
  const etags = new Map<string, string>();
  const urls = [apiPaths.autojobs(), apiPaths.autojob(user.polledJobId)];
  for (let i = 0; performance.now() < until; i++) {
    const url = urls[i % urls.length] ?? '';
    const etag = etags.get(url);
    const started = performance.now();
    try {
      const answer = await send(base, 'GET', url, {
        agent,
        headers: { cookie: user.cookie, ...(etag ? { 'if-none-match': etag } : {}) },
      });
      stats.latenciesMs.push(performance.now() - started);
      if (answer.status === 304) {
        stats.notModified += 1;
      } else if (answer.status === 200 && answer.body.length > 0) {
        const next = answer.headers.etag;
        if (next) etags.set(url, next);
      } else {
        stats.errors += 1;
      }
    } catch {
      stats.errors += 1;
    }
  }
}
