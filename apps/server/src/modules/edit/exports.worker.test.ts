// The export task as an export thread runs it, from a clip's stored columns: a short is exported
// as its render frames it (its stored follow plan, its burned style) at 1080x1920, a long form at
// the source's size, and a folder the user named makes the links absolute.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { ExportFormat } from '@roughcut/shared';
import type { StoredFraming } from '../../db/tables/clips.schema.ts';
import { longTalk } from './exports.fixtures.ts';
import { runExportTask } from './exports.worker.ts';
import type { ExportTask } from './exports.worker.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rc-export-task-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const talk = longTalk({ durationS: 30, gaps: 6, phrases: 6 });
const STORED: StoredFraming = {
  startS: 0,
  endS: 30,
  follow: {
    mode: 'follow',
    path: [
      { t: 0, cx: 0.3 },
      { t: 20, cx: 0.7 },
    ],
  },
  split: {
    mode: 'split',
    places: [
      { cx: 0.25, cy: 0.5 },
      { cx: 0.75, cy: 0.5 },
    ],
  },
};

const task = (
  format: ExportFormat,
  clip: Partial<ExportTask['clip']>,
  more: Partial<ExportTask> = {},
): ExportTask => ({
  format,
  title: 'Talk',
  fileName: 'talk 1.mp4',
  probe: {
    durationS: 30,
    fps: 25,
    variableFrameRate: false,
    displayWidth: 1280,
    displayHeight: 720,
    audioSampleRate: 48_000,
    audioChannels: 2,
  },
  clip: {
    startS: 0,
    endS: 30,
    isLongForm: false,
    removeFillers: false,
    segments: JSON.stringify(talk.segments),
    gaps: JSON.stringify(talk.gaps),
    drawSettings: JSON.stringify({ ...DEFAULT_DRAW_SETTINGS, word_highlight: true }),
    edits: null,
    reframe: 'follow',
    framing: JSON.stringify(STORED),
    ...clip,
  },
  outPath: path.join(dir, `${format}-${Math.random().toString(36).slice(2)}`),
  ...more,
});

const written = async (t: ExportTask): Promise<string> => {
  expect(await runExportTask(t)).toMatchObject({ kind: 'written' });
  return readFile(t.outPath, 'utf8');
};

describe('an export task', () => {
  it('writes a followed short at 1080x1920, moved along its stored plan, in its burned style', async () => {
    const fcpxml = await written(task('fcpxml', {}));
    expect(fcpxml).toContain('<format id="r1" frameDuration="1/25s" width="1080" height="1920"/>');
    expect(fcpxml).toContain('<format id="r3" frameDuration="1/25s" width="1280" height="720"/>');
    expect(fcpxml).toContain('<keyframeAnimation>');
    // The default style's font and its highlight colour for the lit word.
    expect(fcpxml).toContain('font="League Spartan Black"');
    expect(fcpxml).toContain('fontColor="1 0.839 0 1"');
    const mlt = await written(task('mlt', {}));
    expect(mlt).toContain('width="1080" height="1920"');
    expect(mlt).toMatch(/<property name="transition.rect">0=-?[\d.]+ 0 [\d.]+ 1920 1;/);
  });

  it('frames a split short in two tracks, and a short whose plan is not stored yet centred', async () => {
    const split = await written(task('mlt', { reframe: 'split' }));
    expect(split).toContain('<playlist id="playlist2">');
    const pending = await written(task('mlt', { framing: null }));
    expect(pending).toContain('width="1080" height="1920"');
    expect(pending).not.toContain('playlist2');
    expect(pending).toMatch(/<property name="transition.rect">[-\d.]+ 0 [\d.]+ 1920 1</);
  });

  it('writes the long form at the source size, without framing', async () => {
    const fcpxml = await written(task('fcpxml', { isLongForm: true }));
    expect(fcpxml).toContain('<format id="r1" frameDuration="1/25s" width="1280" height="720"/>');
    expect(fcpxml).not.toContain('adjust-transform');
  });

  it('links the video in the folder the user named, and beside the file without one', async () => {
    const linked = await written(task('xmeml', {}, { mediaFolder: 'C:\\Users\\me\\Videos' }));
    expect(linked).toContain('<pathurl>file://localhost/C:/Users/me/Videos/talk%201.mp4</pathurl>');
    const beside = await written(task('xmeml', {}));
    expect(beside).toContain('<pathurl>talk%201.mp4</pathurl>');
  });

  it('writes the Kdenlive project', async () => {
    const kdenlive = await written(task('kdenlive', { isLongForm: true }));
    expect(kdenlive).toContain('<property name="kdenlive:docproperties.version">1</property>');
  });
});
