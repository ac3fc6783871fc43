// The ASS export laid out at the video's own size. The burned subtitles are drawn from a script at
// the style's PlayRes (384x288 unless the style names one), which libass scales to the frame; an
// editor's renderer is not libass: Aegisub asks to rescale such a script and VSFilter-style
// renderers stretch its text to the frame's shape. The same script at PlayRes = the frame draws
// alike everywhere, with each size and margin scaled as libass scales it onto that frame.

export type FrameSize = { width: number; height: number };

/**
 * How libass (without a storage size, as ffmpeg's filters run it) draws a script onto a frame of
 * another shape, measured on 1920x1080 and 1080x1920 frames: glyphs stay square, sized by the
 * height; the side margins and the letter spacing scale with the width, the vertical margin with
 * the height; an outline or a shadow is drawn wider by the width's scale and taller by the
 * height's. WARNING: a field missing here would keep its 384x288 value at the frame's size.
 */
const BY_HEIGHT = new Set(['Fontsize', 'MarginV']);
const BY_WIDTH = new Set(['MarginL', 'MarginR', 'Spacing']);
/**
 * NOTE: a style has one outline and one shadow for both directions (only override tags in every
 * line could draw them unequal, and those would defeat an editor's restyling): the mean of the
 * two scales errs least either way, under a pixel per unit on a 16:9 frame.
 */
const BY_BOTH = new Set(['Outline', 'Shadow']);
/** ASS margins are whole pixels; the other fields take decimals. */
const WHOLE = new Set(['MarginL', 'MarginR', 'MarginV']);

const playRes = (script: string, axis: 'X' | 'Y'): number =>
  Number(new RegExp(`^PlayRes${axis}: *(\\d+)\\s*$`, 'm').exec(script)?.[1] ?? NaN);

/** `script` (buildAss's) with PlayRes the frame's size and its styles drawn as large as before. */
export function atFrameSize(script: string, frame: FrameSize): string {
  const width = Math.round(frame.width);
  const height = Math.round(frame.height);
  const fromX = playRes(script, 'X');
  const fromY = playRes(script, 'Y');
  if (!(width > 0 && height > 0 && fromX > 0 && fromY > 0)) return script;
  const scaleX = width / fromX;
  const scaleY = height / fromY;
  let format: string[] = [];
  let inStyles = false;
  const lines = script.split('\n').map((line) => {
    if (line.startsWith('[')) inStyles = line.trim() === '[V4+ Styles]';
    if (/^PlayResX:/.test(line)) return `PlayResX: ${width}`;
    if (/^PlayResY:/.test(line)) return `PlayResY: ${height}`;
    if (!inStyles) return line;
    if (line.startsWith('Format:')) {
      format = line
        .slice('Format:'.length)
        .split(',')
        .map((name) => name.trim());
      return line;
    }
    if (!line.startsWith('Style:')) return line;
    const fields = line.slice('Style:'.length).trim().split(',');
    const scaled = fields.map((value, i) => {
      const name = format[i] ?? '';
      const scale = BY_HEIGHT.has(name)
        ? scaleY
        : BY_WIDTH.has(name)
          ? scaleX
          : BY_BOTH.has(name)
            ? (scaleX + scaleY) / 2
            : 1;
      if (scale === 1 || !Number.isFinite(Number(value))) return value;
      const v = Number(value) * scale;
      return WHOLE.has(name) ? String(Math.round(v)) : String(Math.round(v * 1000) / 1000);
    });
    return `Style: ${scaled.join(',')}`;
  });
  return lines.join('\n');
}
