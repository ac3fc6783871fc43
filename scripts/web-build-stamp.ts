import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

// The web build is skipped when nothing it is built from changed. "Changed" is judged by content,
// not by modification times, so a git pull, a branch switch or an edit to a shared package are
// all seen, and touching a file without changing it is not.

const WEB_WORKSPACE = 'apps/web';
/** Root files that change what the build resolves or how it compiles. */
const ROOT_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite']);
// NOTE: tests and notes are never imported by the app, so editing them needs no rebuild.
const isSkippedFile = (name: string) => /\.test\.tsx?$/.test(name) || name.endsWith('.md');

export const STAMP_FILE = 'node_modules/.cache/roughcut/web-build.json';
export const WEB_DIST = 'apps/web/dist';

type PackageJson = {
  name?: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

const readJson = async (file: string): Promise<PackageJson> =>
  JSON.parse(await readFile(file, 'utf8')) as PackageJson;

/** The web workspace and every workspace it depends on, directly or not (relative folders). */
export async function webWorkspaces(root: string): Promise<string[]> {
  const rootPackage = await readJson(path.join(root, 'package.json'));
  const byName = new Map<string, string>();
  for (const dir of rootPackage.workspaces ?? []) {
    const file = path.join(root, dir, 'package.json');
    if (!existsSync(file)) continue;
    const name = (await readJson(file)).name;
    if (name) byName.set(name, dir);
  }
  const found = new Set<string>();
  const visit = async (dir: string) => {
    if (found.has(dir)) return;
    found.add(dir);
    const pkg = await readJson(path.join(root, dir, 'package.json'));
    const deps = { ...pkg.dependencies, ...pkg.devDependencies };
    for (const name of Object.keys(deps)) {
      const depDir = byName.get(name);
      if (depDir) await visit(depDir);
    }
  };
  await visit(WEB_WORKSPACE);
  return [...found].sort();
}

async function listFiles(root: string, dir: string): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...(await listFiles(root, rel)));
    } else if (entry.isFile() && !isSkippedFile(entry.name)) {
      files.push(rel);
    }
  }
  return files;
}

/** Every file the web build reads from the repository, relative to `root`, sorted. */
export async function webBuildInputs(root: string): Promise<string[]> {
  const files = ROOT_INPUTS.filter((file) => existsSync(path.join(root, file)));
  for (const dir of await webWorkspaces(root)) files.push(...(await listFiles(root, dir)));
  return files.sort();
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** One hash of the inputs' names and contents. */
export async function webInputsHash(root: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await webBuildInputs(root)) {
    hash
      .update(file)
      .update('\0')
      .update(sha256(await readFile(path.join(root, file))));
    hash.update('\n');
  }
  return hash.digest('hex');
}

type Stamp = { inputs: string; index: string };

async function distIndexHash(root: string): Promise<string | null> {
  const index = path.join(root, WEB_DIST, 'index.html');
  return existsSync(index) ? sha256(await readFile(index)) : null;
}

async function readStamp(root: string): Promise<Stamp | null> {
  try {
    const value = JSON.parse(await readFile(path.join(root, STAMP_FILE), 'utf8')) as Stamp;
    return typeof value.inputs === 'string' && typeof value.index === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Why the web app must be built, or null when the build in apps/web/dist is current.
 * NOTE: the stamp also records the built index.html (whose asset names are content hashes), so a
 * dist folder rebuilt or replaced by other means is not mistaken for the stamped one.
 */
export async function webBuildReason(root: string, inputs?: string): Promise<string | null> {
  const index = await distIndexHash(root);
  if (index === null) return 'no build yet';
  const stamp = await readStamp(root);
  if (stamp === null) return 'no record of the last build';
  if (stamp.index !== index) return 'the build was replaced';
  if (stamp.inputs !== (inputs ?? (await webInputsHash(root)))) return 'its sources changed';
  return null;
}

/** Records that apps/web/dist was just built from the inputs hashed as `inputs`. */
export async function recordWebBuild(root: string, inputs: string): Promise<void> {
  const index = await distIndexHash(root);
  if (index === null) throw new Error(`${WEB_DIST}/index.html is missing after the build`);
  const file = path.join(root, STAMP_FILE);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ inputs, index } satisfies Stamp));
}
