// Text every XML (and the OTIO and EDL) export writes: without the characters XML 1.0 forbids,
// and escaped for XML content and attribute values.

/**
 * Everything outside XML 1.0's `Char` production: C0 controls but tab, LF and CR, lone surrogates
 * (the `u` flag reads each as one code point), U+FFFE and U+FFFF. No escape can carry these, so a
 * parser (melt's libxml2, Resolve's, Premiere's) stops at the first one.
 */
const XML_FORBIDDEN = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/**
 * Text without the characters XML 1.0 forbids. NOTE: every timeline's text goes through it (the
 * title, the file name, each caption), so names stored before anything refused them still make
 * well-formed files, and the OTIO and EDL carry the same words as the XML formats.
 */
export const xmlSafeText = (text: string): string => text.replace(XML_FORBIDDEN, '');

/** Escapes text for XML content and attribute values (quotes included). */
export const escapeXml = (text: string): string =>
  xmlSafeText(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
