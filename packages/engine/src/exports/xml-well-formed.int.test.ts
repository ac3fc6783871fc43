// The XML exports (FCPXML, xmeml, MLT) whatever text they are given: a phrase, a title or a file
// name with characters XML 1.0 forbids (U+FFFE, U+FFFF, C0 controls, lone surrogates) still makes
// a file that a strict parser (Python's expat) reads and melt loads without "parse fatal".
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeExport } from './export-formats.ts';
import { buildTimeline } from './export-timeline.ts';
import type { ExportInput } from './export-timeline.ts';
import { toKdenlive } from './kdenlive.ts';

const run = promisify(execFile);
const EXPAT = `
import sys, xml.parsers.expat
xml.parsers.expat.ParserCreate().ParseFile(open(sys.argv[1], 'rb'))
`;
// NOTE: the low surrogate first, so joined they stay two lone halves, not one pair.
const HOSTILE = ['\uFFFE', '\uFFFF', '\u0000', '\u0001', '\u000B', '\u001F', '\uDFFF', '\uD800'];

const input: ExportInput = {
  title: `Title ${HOSTILE.join('')}& <more>`,
  fileName: `talk${HOSTILE.join('')}.mp4`,
  probe: {
    durationS: 10,
    fps: 25,
    variableFrameRate: false,
    displayWidth: 320,
    displayHeight: 180,
    audioSampleRate: 48_000,
    audioChannels: 2,
  },
  keep: [
    { start: 0, end: 3 },
    { start: 4, end: 8 },
  ],
  phrases: HOSTILE.map((ch, i) => ({ start: i, end: i + 0.9, phrase: `Word${ch}here ${i}` })),
};

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rc-xml-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const WRITE = {
  fcpxml: () => writeExport('fcpxml', input),
  xmeml: () => writeExport('xmeml', input),
  mlt: () => writeExport('mlt', input),
  kdenlive: () => toKdenlive(buildTimeline(input)),
};

/** The same as a split short with word-by-word captions: its framing and styled lines too. */
const short: ExportInput = {
  ...input,
  short: {
    frame: { width: 1080, height: 1920 },
    framing: {
      mode: 'split',
      places: [
        { cx: 0.2, cy: 0.5 },
        { cx: 0.8, cy: 0.5 },
      ],
    },
    style: { ...DEFAULT_DRAW_SETTINGS, word_highlight: true },
  },
};

describe.each(['fcpxml', 'xmeml', 'mlt', 'kdenlive'] as const)(
  '%s with forbidden characters',
  (format) => {
    it('is well-formed to a strict XML parser and keeps the words around them', async () => {
      const text = WRITE[format]();
      const file = join(dir, `export.${format}`);
      await writeFile(file, text);
      await run('python3', ['-c', EXPAT, file]);
      expect(text).toContain('Wordhere 0');
      expect(text).toContain('talk.mp4');
    });

    it("is well-formed as a short's timeline too", async () => {
      const text = writeExport(format, short);
      const file = join(dir, `short.${format}`);
      await writeFile(file, text);
      await run('python3', ['-c', EXPAT, file]);
      expect(text).toContain('Wordhere');
    });
  },
);

it('melt loads the MLT project without a parse error', async () => {
  const project = join(dir, 'project.mlt');
  await writeFile(project, writeExport('mlt', input));
  const out = join(dir, 'melted.mlt');
  // NOTE: melt exits 0 even when libxml2 stops at a forbidden character; it says so on stderr.
  const { stderr } = await run('melt', [project, '-consumer', `xml:${out}`], {
    cwd: dir,
    env: { ...process.env, HOME: dir },
  });
  expect(stderr).not.toContain('parse fatal');
  expect((await stat(out)).size).toBeGreaterThan(0);
});
