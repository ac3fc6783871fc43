import { describe, expect, it } from 'vitest';
import { buildExampleImageArgs, colourHex, escapeFilterValue } from './example-image.ts';

describe('example image arguments', () => {
  it('draws the ASS over a solid colour of the given size into one PNG frame', () => {
    const args = buildExampleImageArgs('/tmp/x/example.ass', '/tmp/x/example.png', {
      width: 1080,
      height: 1920,
      background: { r: 255, g: 0, b: 16 },
    });
    expect(args).toEqual([
      '-f',
      'lavfi',
      '-i',
      'color=c=0xff0010:s=1080x1920:r=1:d=1',
      '-vf',
      "format=rgb24,ass=filename='/tmp/x/example.ass'",
      '-frames:v',
      '1',
      '-f',
      'image2',
      '-c:v',
      'png',
      '/tmp/x/example.png',
    ]);
  });

  it('escapes paths so they cannot break out of the filter option', () => {
    expect(escapeFilterValue("/a:b/c'd")).toBe("'/a\\:b/c'\\\\\\''d'");
    const args = buildExampleImageArgs('/t/a.ass', '/t/a.png', {
      width: 1920,
      height: 1080,
      background: { r: 0, g: 0, b: 0 },
      fontsDir: '/fonts:x',
    });
    expect(args[5]).toBe("format=rgb24,ass=filename='/t/a.ass':fontsdir='/fonts\\:x'");
  });

  it('clamps colours and refuses silly sizes', () => {
    expect(colourHex({ r: 300, g: -4, b: 7.6 })).toBe('0xff0008');
    const bg = { r: 0, g: 0, b: 0 };
    expect(() => buildExampleImageArgs('a', 'b', { width: 0, height: 10, background: bg })).toThrow(
      /size/,
    );
    expect(() =>
      buildExampleImageArgs('a', 'b', { width: 10.5, height: 10, background: bg }),
    ).toThrow(/whole/);
  });
});
