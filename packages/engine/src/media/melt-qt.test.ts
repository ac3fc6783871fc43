import { describe, expect, it } from 'vitest';
import { meltEnvironment, saysQtMissing } from './melt-qt.ts';

describe("melt's Qt environment", () => {
  it('gives Qt an offscreen platform and a display to check, keeping the rest', () => {
    expect(meltEnvironment({ HOME: '/h', PATH: '/bin' })).toEqual({
      HOME: '/h',
      PATH: '/bin',
      QT_QPA_PLATFORM: 'offscreen',
      DISPLAY: ':99',
    });
  });

  it("keeps the caller's own display and platform", () => {
    expect(meltEnvironment({ DISPLAY: ':0', QT_QPA_PLATFORM: 'xcb' })).toEqual({
      DISPLAY: ':0',
      QT_QPA_PLATFORM: 'xcb',
    });
    expect(meltEnvironment({ DISPLAY: '', QT_QPA_PLATFORM: '' })).toEqual({
      DISPLAY: ':99',
      QT_QPA_PLATFORM: 'offscreen',
    });
  });

  it("knows melt 7.12's words for a Qt module that did not load", () => {
    for (const line of [
      '[filter 0x5646] The MLT Qt module requires a X11 environment.',
      '[producer_xml] failed to load transition "qtblend"',
      '[producer_xml] failed to load filter "qtblend"',
    ]) {
      expect(saysQtMissing(line), line).toBe(true);
    }
    for (const line of [
      '[producer_xml] failed to load filter "frei0r.glow"',
      '[consumer avformat] qtblend',
      'Current Frame:          1, percentage:          0',
    ]) {
      expect(saysQtMissing(line), line).toBe(false);
    }
  });
});
