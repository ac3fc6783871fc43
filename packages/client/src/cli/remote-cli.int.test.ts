// Issue 36: `./roughcut remote` against a real server on a real port, run as a child process with
// a personal access token, as a script would: the whole journey (upload, clips, Confirm All,
// Continue, render, download), an upload interrupted twice (Ctrl+C, then a killed process) that
// goes on in the same edit from the byte the server stored, and refusals that exit 1 with the
// server's own message. (The exits that need no server are main.test.ts's.)
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, open, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_REFUSALS, ENDPOINTS } from '@roughcut/shared';
import type { AccessTokenScope, Endpoint, EndpointResponse } from '@roughcut/shared';
import {
  callEndpoint,
  expectEndpointResponse,
} from '../../../../apps/server/src/test/endpoint-client.ts';
import type { EndpointRequest } from '../../../../apps/server/src/test/endpoint-client.ts';
import { TEST_DATABASES, startTestApp } from '../../../../apps/server/src/test/test-app.ts';
import type { TestApp } from '../../../../apps/server/src/test/test-app.ts';
import { talkingVideo } from '../../../../apps/server/src/test/test-media.ts';
import { signUp } from '../../../../apps/server/src/test/video-edits.ts';
import { startUploadGate } from '../../test/upload-gate.proxy.ts';
import type { UploadGate } from '../../test/upload-gate.proxy.ts';
import { readUploadState, uploadStatePath } from './upload-state.store.ts';
import type { UploadState } from './upload-state.store.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const MAIN = 'packages/client/src/cli/main.ts';
/** Small upload requests, so the gate can stop an upload after one or two of them. */
const CHUNK = 64 * 1024;
const probe = promisify(execFile);

type CliRun = {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
};

describe.each(TEST_DATABASES)('the remote command-line client on %s', (kind) => {
  let t: TestApp;
  let gate: UploadGate;
  let dir: string;
  let video: string;
  let stateHome: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    gate = await startUploadGate(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    dir = await mkdtemp(join(tmpdir(), 'roughcut-remote-cli-'));
    video = await talkingVideo(dir);
  });
  afterAll(async () => {
    await gate?.close();
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    gate.reset();
    stateHome = await mkdtemp(join(dir, 'state-'));
  });

  /** Starts the CLI as a script would; `exited` settles with its exit and its output. */
  const startCli = (args: string[], token: string, chunkBytes?: number) => {
    const child = spawn(process.execPath, [MAIN, ...args], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ROUGHCUT_URL: gate.url,
        ROUGHCUT_TOKEN: token,
        XDG_STATE_HOME: stateHome,
        ROUGHCUT_POLL_MS: '200',
        ...(chunkBytes !== undefined && { ROUGHCUT_UPLOAD_CHUNK_BYTES: String(chunkBytes) }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<CliRun>((done) =>
      child.on('close', (code, signal) => done({ code, signal, stdout, stderr })),
    );
    return { child, exited, stderr: () => stderr };
  };
  const runCli = (args: string[], token: string) => startCli(args, token).exited;

  const call = async <E extends Endpoint>(
    entry: E,
    request: EndpointRequest,
  ): Promise<EndpointResponse<E>> =>
    expectEndpointResponse(entry, await callEndpoint(t, entry, request));

  /** A new user's session and one token of each scope. */
  const newUser = async () => {
    const session = await signUp(t);
    const make = async (scope: AccessTokenScope) =>
      call(ENDPOINTS.accessTokenCreate, {
        token: session,
        body: { name: `CLI ${scope}`, scope, expires_in_days: null },
      });
    return { session, edit: (await make('read+edit')).token, read: (await make('read')).token };
  };

  const statePathOf = (file: string) =>
    uploadStatePath({ XDG_STATE_HOME: stateHome }, gate.url, file);

  /** Polls the state file until it names the edit and its tus upload (deadline, no sleep-and-hope). */
  const rememberedUpload = async (file: string): Promise<UploadState> => {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const state = await readUploadState(statePathOf(file));
      if (state?.jobId && state.uploadUrl) return state;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the CLI did not remember its upload within 10 s');
  };

  const isMp4 = async (file: string): Promise<boolean> => {
    const handle = await open(file, 'r');
    try {
      const head = Buffer.alloc(8);
      await handle.read(head, 0, 8, 0);
      return head.subarray(4, 8).toString('latin1') === 'ftyp';
    } finally {
      await handle.close();
    }
  };

  it(
    'edits a video end to end: upload, clips, confirm all, render, download',
    { timeout: 170_000 },
    async () => {
      const user = await newUser();
      const out = join(dir, 'out');
      const run = await runCli(
        ['edit', video, '--short', '--language', 'en', '--wait', '--download', out],
        user.edit,
      );
      expect(run.code, run.stderr).toBe(0);
      const [jobId = '', ...files] = run.stdout.trim().split('\n');
      expect(run.stderr).toMatch(/^Uploading talk\.mp4 100% /m);
      expect(run.stderr).toContain(`Edit ${jobId} started.`);
      expect(run.stderr).toMatch(/^Confirmed \d+ clips?\.$/m);
      expect(run.stderr).toMatch(/^Rendered\.$/m);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        expect(dirname(file)).toBe(out);
        expect(await isMp4(file)).toBe(true);
        const { stdout } = await probe('ffprobe', [
          '-v',
          'error',
          '-show_entries',
          'format=duration',
          '-of',
          'csv=p=0',
          file,
        ]);
        expect(Number(stdout.trim())).toBeGreaterThan(1);
      }
      expect((await readdir(out)).sort()).toEqual(files.map((f) => f.slice(out.length + 1)).sort());

      const edits = await call(ENDPOINTS.autojobs, { bearer: user.edit });
      expect(edits.map((e) => [e.id, e.status])).toEqual([[jobId, 'finished']]);
      expect(await readdir(join(stateHome, 'roughcut', 'uploads'))).toEqual([]);

      const status = await runCli(['status', jobId, '--json'], user.read);
      expect(status.code, status.stderr).toBe(0);
      const read = JSON.parse(status.stdout) as {
        next: string;
        clips: { kind: string; confirmed: boolean }[];
      };
      expect(read.next).toBe('download');
      expect(read.clips.length).toBe(files.length);
      expect(read.clips.every((c) => c.kind === 'short' && c.confirmed)).toBe(true);
    },
  );

  it('goes on with an interrupted upload in the same edit, from the byte the server stored', async () => {
    const user = await newUser();
    const size = (await stat(video)).size;
    expect(size).toBeGreaterThan(3 * CHUNK);
    const args = ['edit', video, '--short'];

    // Ctrl+C once the first piece is stored: the CLI stops, says so, and keeps its state.
    gate.holdFrom(CHUNK);
    const first = startCli(args, user.edit, CHUNK);
    await Promise.race([gate.held(1), first.exited]);
    const state = await rememberedUpload(video);
    first.child.kill('SIGINT');
    const stopped = await first.exited;
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(stopped.stderr).toContain(
      'Upload paused: run the same command again to go on from there.',
    );
    expect(stopped.stdout).toBe('');

    // Killed outright after one more piece: nothing is said, the state file is all there is.
    gate.holdFrom(2 * CHUNK);
    const second = startCli(args, user.edit, CHUNK);
    await Promise.race([gate.held(2), second.exited]);
    second.child.kill('SIGKILL');
    expect((await second.exited).signal).toBe('SIGKILL');
    const paused = await call(ENDPOINTS.autojobAssets, {
      bearer: user.edit,
      params: { id: state.jobId ?? '' },
    });
    expect(paused.assets).toMatchObject([
      { status: 'uploading', uploaded_amount: 2 * CHUNK, size },
    ]);

    gate.open();
    const third = await startCli(args, user.edit, CHUNK).exited;
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout.trim()).toBe(state.jobId);
    expect(third.stderr).toMatch(/^Going on with edit \S+: the server has \d+% of the video\.$/m);

    // One edit, one upload, every byte sent once: each request went on from where the last ended.
    expect(gate.creations).toBe(1);
    expect(gate.patchOffsets.slice(0, 3)).toEqual([0, CHUNK, 2 * CHUNK]);
    expect(new Set(gate.patchOffsets).size).toBe(gate.patchOffsets.length);
    const edits = await call(ENDPOINTS.autojobs, { bearer: user.edit });
    expect(edits.map((e) => e.id)).toEqual([state.jobId]);
    const done = await call(ENDPOINTS.autojobAssets, {
      bearer: user.edit,
      params: { id: state.jobId ?? '' },
    });
    expect(done.assets).toMatchObject([{ status: 'uploaded', uploaded_amount: size, size }]);
    expect(await readUploadState(statePathOf(video))).toBeUndefined();
    // NOTE: the server started the edit when the last byte arrived; its run is not this test's.
    await call(ENDPOINTS.autojobCancel, { bearer: user.edit, params: { id: state.jobId ?? '' } });
  });

  it("exits 1 with the server's own message when it refuses", async () => {
    const user = await newUser();
    const readOnly = await runCli(['edit', video, '--short'], user.read);
    expect(readOnly.code).toBe(1);
    expect(readOnly.stderr).toBe(`roughcut remote: ${ACCESS_TOKEN_REFUSALS.readOnly}\n`);
    expect(await call(ENDPOINTS.autojobs, { bearer: user.edit })).toEqual([]);
    expect(await readUploadState(statePathOf(video))).toBeUndefined();

    const [token] = (await call(ENDPOINTS.accessTokens, { token: user.session })).tokens.filter(
      (row) => row.scope === 'read',
    );
    await call(ENDPOINTS.accessTokenRevoke, {
      token: user.session,
      params: { id: token?.id ?? '' },
    });
    const revoked = await runCli(['status', 'any-edit'], user.read);
    expect(revoked.code).toBe(1);
    expect(revoked.stderr).toBe(`roughcut remote: ${ACCESS_TOKEN_REFUSALS.revoked}\n`);

    const missing = await runCli(['status', 'no-such-edit'], user.edit);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      'roughcut remote: This video edit does not exist. It may have been deleted.\n',
    );
  });
});
