// Pure ASS value formatting. NO node imports: the browser preview imports this module too.

const clampByte = (n: number) => Math.min(255, Math.max(0, Math.round(Number.isFinite(n) ? n : 0)));
const hex2 = (n: number) => clampByte(n).toString(16).toUpperCase().padStart(2, '0');

/**
 * RGB plus the spec's alpha (1 = opaque, 0 = invisible) as an ASS colour `&HAABBGGRR`, where ASS
 * alpha 00 is opaque and FF invisible.
 */
export function assColour(red: number, green: number, blue: number, alpha: number): string {
  const a = Math.min(1, Math.max(0, Number.isFinite(alpha) ? alpha : 1));
  return `&H${hex2((1 - a) * 255)}${hex2(blue)}${hex2(green)}${hex2(red)}`;
}

/** Seconds as ASS `h:mm:ss.cc` (centiseconds, rounded; negative times clamp to 0). */
export function formatAssTime(seconds: number): string {
  const cs = Math.max(0, Math.round((Number.isFinite(seconds) ? seconds : 0) * 100));
  const h = Math.floor(cs / 360_000);
  const m = Math.floor((cs % 360_000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${h}:${two(m)}:${two(s)}.${two(c)}`;
}

// NOTE: libass has no escape for `{`: any `{` opens an override block. `\` starts `\N`, `\n`, `\h`
// anywhere in dialogue text. So braces become look-alike full-width brackets and each backslash the
// look-alike U+29F5 REVERSE SOLIDUS OPERATOR: the text reads the same and can never be a tag.
const FULLWIDTH_LEFT_CURLY = '\uFF5B';
const FULLWIDTH_RIGHT_CURLY = '\uFF5D';
const REVERSE_SOLIDUS_OPERATOR = '\u29F5';

/** User text made inert for an ASS Dialogue Text field: no override tags, no line breaks. */
export function escapeAssText(text: string): string {
  return (
    String(text)
      .replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, ' ')
      // Other control characters have no place in a subtitle and some renderers choke on them.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .replace(/\\/g, REVERSE_SOLIDUS_OPERATOR)
      .replace(/\{/g, FULLWIDTH_LEFT_CURLY)
      .replace(/\}/g, FULLWIDTH_RIGHT_CURLY)
      .replace(/\t/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim()
  );
}

/** A name for a [V4+ Styles]/[Script Info] field: no commas (field separator) nor line breaks. */
export function sanitiseAssField(text: string): string {
  return (
    String(text)
      // eslint-disable-next-line no-control-regex
      .replace(/[,\r\n\u0000-\u001F]/g, ' ')
      .trim()
  );
}

/** RGB as an override-tag colour `&HBBGGRR&` (for `\1c`); numbers only, never user text. */
export function assOverrideColour(red: number, green: number, blue: number): string {
  return `&H${hex2(blue)}${hex2(green)}${hex2(red)}&`;
}

/** The spec's alpha (1 = opaque) as an override-tag alpha `&HAA&` (for `\1a`). */
export function assOverrideAlpha(alpha: number): string {
  const a = Math.min(1, Math.max(0, Number.isFinite(alpha) ? alpha : 1));
  return `&H${hex2((1 - a) * 255)}&`;
}
