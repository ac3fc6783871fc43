import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  recordWebBuild,
  webBuildInputs,
  webBuildReason,
  webInputsHash,
  webWorkspaces,
} from './web-build-stamp.ts';

let root: string;

const put = async (file: string, content: string) => {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
};
const pkg = (name: string, deps: Record<string, string> = {}) =>
  JSON.stringify({ name, dependencies: deps });

/** A small monorepo shaped like ours: web -> shared -> engine, plus an unrelated server. */
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'roughcut-web-stamp-'));
  await put(
    'package.json',
    JSON.stringify({
      workspaces: ['packages/shared', 'packages/engine', 'apps/server', 'apps/web'],
    }),
  );
  await put('package-lock.json', '{"lockfileVersion":3}');
  await put('tsconfig.base.json', '{}');
  await put('apps/web/package.json', pkg('@roughcut/web', { '@roughcut/shared': '*', react: '*' }));
  await put('apps/web/index.html', '<div id="root"></div>');
  await put('apps/web/src/main.tsx', 'export {};');
  await put('apps/web/src/main.test.tsx', 'export {};');
  await put('apps/web/node_modules/x/index.js', '');
  await put('apps/web/dist/index.html', 'old build');
  await put('packages/shared/package.json', pkg('@roughcut/shared', { '@roughcut/engine': '*' }));
  await put('packages/shared/src/rules.ts', 'export const a = 1;');
  await put('packages/engine/package.json', pkg('@roughcut/engine'));
  await put('packages/engine/src/ass.ts', 'export const b = 2;');
  await put('apps/server/package.json', pkg('@roughcut/server', { '@roughcut/shared': '*' }));
  await put('apps/server/src/main.ts', 'export {};');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** What `./roughcut start` does: build when needed, then record the build. */
async function start(): Promise<boolean> {
  const inputs = await webInputsHash(root);
  if ((await webBuildReason(root, inputs)) === null) return false;
  await put('apps/web/dist/index.html', `build of ${inputs}`);
  await recordWebBuild(root, inputs);
  return true;
}

describe('the web build stamp', () => {
  it('follows the web workspace dependencies and skips tests, builds and node_modules', async () => {
    expect(await webWorkspaces(root)).toEqual(['apps/web', 'packages/engine', 'packages/shared']);
    expect(await webBuildInputs(root)).toEqual([
      'apps/web/index.html',
      'apps/web/package.json',
      'apps/web/src/main.tsx',
      'package-lock.json',
      'package.json',
      'packages/engine/package.json',
      'packages/engine/src/ass.ts',
      'packages/shared/package.json',
      'packages/shared/src/rules.ts',
      'tsconfig.base.json',
    ]);
  });

  it('builds the first time and after a change to any input, and only then', async () => {
    expect(await webBuildReason(root)).toBe('no record of the last build');
    expect(await start()).toBe(true);
    expect(await webBuildReason(root)).toBeNull();
    expect(await start()).toBe(false);

    // Unrelated edits, tests and a touch without a change need no build.
    await put('apps/server/src/main.ts', 'export const changed = true;');
    await put('packages/shared/src/rules.test.ts', 'test');
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(root, 'apps/web/src/main.tsx'), later, later);
    expect(await start()).toBe(false);

    // A shared package two levels down, a new source file, a dependency change.
    await put('packages/engine/src/ass.ts', 'export const b = 3;');
    expect(await webBuildReason(root)).toBe('its sources changed');
    expect(await start()).toBe(true);
    await put('apps/web/src/new-screen.tsx', 'export {};');
    expect(await start()).toBe(true);
    await put('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    expect(await start()).toBe(true);
    expect(await start()).toBe(false);
  });

  it('sees a branch switch back to built sources, a deleted build and a replaced one', async () => {
    await start();
    await put('apps/web/src/main.tsx', 'export const other = "branch";');
    expect(await start()).toBe(true);
    await put('apps/web/src/main.tsx', 'export {};');
    expect(await start()).toBe(true);

    await rm(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(await webBuildReason(root)).toBe('no build yet');
    expect(await start()).toBe(true);
    await put('apps/web/dist/index.html', 'built by hand from something else');
    expect(await webBuildReason(root)).toBe('the build was replaced');
  });
});
