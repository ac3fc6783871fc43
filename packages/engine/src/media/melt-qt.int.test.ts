// runMelt composites with MLT's Qt module wherever it runs, and fails a run whose Qt did not load
// rather than let melt leave the project's qtblend out and exit 0.
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runMelt } from './ffmpeg-runner.ts';
import { MediaToolError } from './run-limits.ts';

const run = promisify(execFile);
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-melt-qt-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Red below, half-transparent blue above, blended by qtblend: purple only when it composites. */
const PROJECT = `<?xml version="1.0" encoding="utf-8"?>
<mlt LC_NUMERIC="C" version="7.12.0">
  <profile width="64" height="36" progressive="1" sample_aspect_num="1" sample_aspect_den="1" display_aspect_num="16" display_aspect_den="9" frame_rate_num="25" frame_rate_den="1" colorspace="709"/>
  <producer id="red" in="0" out="4"><property name="resource">#ffff0000</property><property name="mlt_service">color</property></producer>
  <producer id="blue" in="0" out="4"><property name="resource">#800000ff</property><property name="mlt_service">color</property><property name="mlt_image_format">rgba</property></producer>
  <playlist id="below"><entry producer="red" in="0" out="4"/></playlist>
  <playlist id="above"><entry producer="blue" in="0" out="4"/></playlist>
  <tractor id="tractor0" in="0" out="4">
    <track producer="below"/>
    <track producer="above"/>
    <transition><property name="a_track">0</property><property name="b_track">1</property><property name="mlt_service">qtblend</property><property name="always_active">1</property></transition>
  </tractor>
</mlt>
`;

/** The middle pixel of the first frame, as RGB. */
async function middlePixel(path: string): Promise<number[]> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-vf', 'crop=2:2:31:17,scale=1:1', '-frames:v', '1'].concat([
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ]),
    { encoding: 'buffer' },
  );
  return [...stdout];
}

describe('runMelt and the Qt module', () => {
  it("blends the tracks with qtblend with no display in the caller's environment", async () => {
    const project = join(dir, 'blend.mlt');
    await writeFile(project, PROJECT);
    const out = join(dir, 'blend.mkv');
    const env = { ...process.env };
    delete env.DISPLAY;
    delete env.QT_QPA_PLATFORM;
    const lines: string[] = [];
    await runMelt([project, '-consumer', `avformat:${out}`, 'vcodec=ffv1', 'an=1'], {
      env,
      onStderrLine: (line) => lines.push(line),
    });
    expect(lines.filter((l) => /qt/i.test(l))).toEqual([]);
    const [r, g, b] = await middlePixel(out);
    // NOTE: half the red shows through the blue (without the blend: blue or black alone).
    expect(r).toBeGreaterThan(90);
    expect(r).toBeLessThan(170);
    expect(b).toBeGreaterThan(90);
    expect(g).toBeLessThan(40);
  });

  describe('a melt whose Qt module refuses to load', () => {
    const saved = process.env.MELT_PATH;
    afterEach(() => {
      if (saved === undefined) delete process.env.MELT_PATH;
      else process.env.MELT_PATH = saved;
    });

    it('fails, naming why, though melt exits 0', async () => {
      const script = join(dir, 'no-qt-melt.sh');
      const seen = join(dir, 'no-qt-env');
      await writeFile(
        script,
        [
          '#!/bin/sh',
          `echo "$DISPLAY $QT_QPA_PLATFORM" > '${seen}'`,
          'echo "[transition 0x1] The MLT Qt module requires a X11 environment." >&2',
          `echo '[producer_xml] failed to load transition "qtblend"' >&2`,
          'exit 0',
          '',
        ].join('\n'),
      );
      await chmod(script, 0o755);
      process.env.MELT_PATH = script;
      const error = await runMelt(['project.mlt'], {
        env: { PATH: process.env.PATH, DISPLAY: ':7' },
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MediaToolError);
      expect(error).toMatchObject({ code: 'melt_failed' });
      expect((error as MediaToolError).detail).toMatch(/Qt module did not load.*X11/);
      // The caller's display is kept; Qt is told to draw offscreen.
      expect((await readFile(seen, 'utf8')).trim()).toBe(':7 offscreen');
    });
  });
});
