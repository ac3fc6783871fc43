// The bad-input catalogue's world: an owner with a job that holds a good video, changed settings
// and a saved template, plus a bystander with a job of their own. `snapshot` reads back, through
// the API, everything the owner can see (and the stored files of the owner's job), so each case
// can prove that a refused request lost and changed nothing.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { apiPaths, assetSchema, autoJobSchema, errorResponseSchema } from '@roughcut/shared';
import type { AutoJob } from '@roughcut/shared';
import { runFfmpeg } from '@roughcut/engine/work';
import { newCredentials, registerUser, loginUser, startTestApp } from '../test/test-app.ts';
import type { TestApp } from '../test/test-app.ts';
import type { DatabaseKind } from '../db/client.ts';
import { caller, createJob, mp4Part, upload } from '../test/video-edits.ts';
import type { Call } from '../test/video-edits.ts';

export type Person = { token: string; call: Call; username: string; email: string };

export type BadInputWorld = {
  t: TestApp;
  owner: Person;
  bystander: Person;
  /** The owner's job with a good, uploaded video, changed settings and a template. */
  keep: AutoJob;
  /** The bystander's job: the owner must not reach it. */
  foreign: AutoJob;
  mediaDir: string;
  /** A 3 s picture-and-tone .mp4 (a video that probes well and holds no speech). */
  toneVideo: string;
  close(): Promise<void>;
};

export const errText = (response: LightMyRequestResponse): string =>
  errorResponseSchema.parse(response.json()).err;

/** A picture with a steady tone: a valid video with sound and no speech at all. */
export async function makeToneVideo(dir: string, seconds = 3): Promise<string> {
  await mkdir(dir, { recursive: true });
  const out = path.join(dir, 'tone.mp4');
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '64k', '-shortest', out],
  ]);
  return out;
}

async function person(t: TestApp, prefix: string): Promise<Person> {
  const creds = newCredentials(prefix);
  await registerUser(t, creds);
  const token = await loginUser(t, creds.email, creds.password);
  return { token, call: caller(t, token), username: creds.username, email: creds.email };
}

async function ok(response: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const answer = await response;
  if (answer.statusCode !== 200) throw new Error(`setup failed: ${answer.body}`);
  return answer;
}

export async function startBadInputWorld(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<BadInputWorld> {
  const t = await startTestApp(kind, { env });
  const mediaDir = path.join(t.dataDir, 'bad-input-media');
  const toneVideo = await makeToneVideo(mediaDir);
  const { readFile } = await import('node:fs/promises');
  const owner = await person(t, 'owner');
  const bystander = await person(t, 'bystander');
  const keep = await createJob(owner.call, ['short-form-clips'], 'Keep me');
  await ok(upload(t, owner.token, keep.id, [mp4Part(await readFile(toneVideo), 'keep.mp4')]));
  await ok(
    owner.call('POST', apiPaths.autojob(keep.id), { language: 'de', max_words_in_phrase: 3 }),
  );
  await ok(owner.call('PUT', apiPaths.templates(), { name: 'Mine', template: { size: 30 } }));
  const foreign = await createJob(bystander.call, ['optimised-long-form'], 'Not yours');
  return {
    t,
    owner,
    bystander,
    keep: autoJobSchema.parse((await owner.call('GET', apiPaths.autojob(keep.id))).json()),
    foreign,
    mediaDir,
    toneVideo,
    close: () => t.close(),
  };
}

/** Everything the owner (and the bystander, for their job) can read back, in a stable form. */
export async function snapshot(world: BadInputWorld): Promise<unknown> {
  const read = async (call: Call, url: string) => {
    const response = await call('GET', url);
    if (response.statusCode !== 200) throw new Error(`snapshot ${url}: ${response.body}`);
    return response.json<unknown>();
  };
  const { owner, bystander } = world;
  const jobs = autoJobSchema.array().parse(await read(owner.call, apiPaths.autojobs()));
  const assets: Record<string, unknown> = {};
  for (const job of jobs) {
    const list = (await read(owner.call, apiPaths.autojobAssets(job.id))) as { assets: unknown[] };
    // NOTE: a refused video that reached the prober is kept as a failed asset with its reason
    // (the job page shows it); what must survive is every good video.
    assets[job.id] = assetSchema
      .array()
      .parse(list.assets)
      .filter((asset) => asset.status === 'uploaded');
  }
  return {
    jobs,
    assets,
    templates: await read(owner.call, apiPaths.templates()),
    user: await read(owner.call, apiPaths.user()),
    account: await read(owner.call, apiPaths.account()),
    files: await world.t.app.ctx.storage.list(`jobs/${world.keep.id}`),
    foreign: await read(bystander.call, apiPaths.autojob(world.foreign.id)),
    foreignSteps: await read(bystander.call, apiPaths.autojobSteps(world.foreign.id)),
  };
}
