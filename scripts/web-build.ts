// `node scripts/web-build.ts`: builds the web app into apps/web/dist unless the last build is still
// current (see web-build-stamp.ts). Run by `./roughcut start` before the server starts.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordWebBuild, webBuildReason, webInputsHash } from './web-build-stamp.ts';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
// NOTE: the inputs are hashed before building, so an edit made during the build is seen next time.
const inputs = await webInputsHash(root);
const reason = await webBuildReason(root, inputs);
if (reason === null) {
  process.stderr.write('web: the build is up to date\n');
} else {
  process.stderr.write(`web: building (${reason})\n`);
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    process.stderr.write('web: the build failed; fix the error above and start again\n');
    process.exit(build.status ?? 1);
  }
  await recordWebBuild(root, inputs);
}
