// What a run of `edit` remembers until its video is on the server, so running the same command
// again after Ctrl+C, a lost connection or a killed process goes on in the same edit from the
// byte the server stored, instead of making a second edit and sending everything again. One small
// JSON file per (server, video path) under $XDG_STATE_HOME/roughcut/uploads/, removed once the
// upload is done.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';

const uploadStateSchema = z.object({
  version: z.literal(1),
  server: z.string(),
  /** The video's absolute path. */
  file: z.string(),
  /** fingerprintFileAt of the video: a changed file at the same path starts afresh. */
  fingerprint: z.string(),
  /** The create call's Idempotency-Key: a run killed mid-create finds the same edit. */
  createKey: z.string(),
  jobId: z.string().optional(),
  /** The tus upload's URL, once the server made it. */
  uploadUrl: z.string().optional(),
});
export type UploadState = z.infer<typeof uploadStateSchema>;

/** $XDG_STATE_HOME/roughcut, or ~/.local/state/roughcut as the XDG spec says. */
export function stateDirOf(env: Record<string, string | undefined>): string {
  const base = env.XDG_STATE_HOME?.trim() || join(env.HOME?.trim() || homedir(), '.local/state');
  return join(base, 'roughcut');
}

/** The state file of one video sent to one server. */
export function uploadStatePath(
  env: Record<string, string | undefined>,
  server: string,
  file: string,
): string {
  const key = createHash('sha256')
    .update(`${server}\n${resolve(file)}`)
    .digest('hex');
  return join(stateDirOf(env), 'uploads', `${key.slice(0, 32)}.json`);
}

/** The remembered state, or undefined when there is none (or it is unreadable: start afresh). */
export async function readUploadState(path: string): Promise<UploadState | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = uploadStateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Written beside and renamed, so a process killed mid-write leaves the previous state whole. */
export async function writeUploadState(path: string, state: UploadState): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const partial = `${path}.${process.pid}.tmp`;
  await writeFile(partial, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  await rename(partial, path);
}

export async function removeUploadState(path: string): Promise<void> {
  await rm(path, { force: true });
}
