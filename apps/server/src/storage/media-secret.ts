import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const SECRET_FILE_NAME = 'secret';
const MIN_SECRET_LENGTH = 32;

export class MediaSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaSecretError';
  }
}

/**
 * The server secret that signs media URLs: MEDIA_SECRET when set, else DATA_DIR/secret, created
 * once with 0600 permissions. Every process sharing the data folder (web servers and workers on a
 * fleet) reads the same file, so a URL signed by one is accepted by all.
 */
export async function loadMediaSecret(options: {
  dataDir: string;
  mediaSecret?: string | undefined;
}): Promise<string> {
  const fromEnv = options.mediaSecret?.trim();
  if (fromEnv) {
    if (fromEnv.length < MIN_SECRET_LENGTH) {
      throw new MediaSecretError(
        `MEDIA_SECRET must be at least ${MIN_SECRET_LENGTH} characters long; generate one with: openssl rand -hex 32`,
      );
    }
    return fromEnv;
  }
  const file = path.join(options.dataDir, SECRET_FILE_NAME);
  const existing = await readSecretFile(file);
  if (existing !== undefined) return existing;

  // NOTE: several processes may start at once on an empty data folder. Each writes its own
  // candidate and link()s it into place; link() fails if the name exists, so exactly one wins
  // and everyone then reads the winner. Works on NFS too, unlike O_EXCL on old clients.
  await mkdir(options.dataDir, { recursive: true });
  const candidate = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(candidate, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(candidate, file);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  } finally {
    await rm(candidate, { force: true });
  }
  const secret = await readSecretFile(file);
  if (secret === undefined) throw new MediaSecretError(`Could not create ${file}`);
  return secret;
}

async function readSecretFile(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new MediaSecretError(
      `${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters; delete it to have a new one generated (links already handed out stop working).`,
    );
  }
  return secret;
}
