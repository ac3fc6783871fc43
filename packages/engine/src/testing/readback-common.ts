// What every timeline reader shares: the read timeline's shape and a real XML parser's output
// walked as plain nodes, with times that must land on whole frames.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Rate } from '../exports/frame-time.ts';

export type ReadCut = { sourceIn: number; sourceOut: number; recordIn: number };
export type ReadTimeline = {
  rate: Rate;
  /** Picture cuts in timeline order. */
  video: ReadCut[];
  /** Sound cuts in timeline order (the same as the picture's when they are linked). */
  audio: ReadCut[];
  captions: { recordIn: number; recordOut: number; text: string }[];
  /** The media every cut points at. */
  media: string[];
  /**
   * The frame the source's media starts at, where the format says (FCPXML's asset start, xmeml's
   * file timecode, OTIO's available range): the cuts' source frames are counted from it, so they
   * are the file's own frames either way.
   */
  sourceStart?: number;
};

export type Node = Record<string, unknown>;

const ARRAYS = new Set([
  'asset-clip',
  'caption',
  'clipitem',
  'track',
  'marker',
  'link',
  'entry',
  'playlist',
  'producer',
  'property',
  'generatoritem',
  'parameter',
]);

/** `keepSpaces`: text keeps its spaces at either end (a caption's words split over styles). */
export function parseXml(text: string, options: { keepSpaces?: boolean } = {}): Node {
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new Error(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: !options.keepSpaces,
    isArray: (name) => ARRAYS.has(name),
  }).parse(text) as Node;
}

export const node = (value: unknown): Node => value as Node;
export const list = (value: unknown): Node[] => (value as Node[] | undefined) ?? [];
export function text(value: unknown): string {
  const inner = typeof value === 'object' && value !== null ? node(value)['#text'] : value;
  return typeof inner === 'string' || typeof inner === 'number' ? String(inner) : '';
}

/** A whole frame count, or a throw: an export must cut on frames. */
export function wholeFrames(value: number, what: string): number {
  const frames = Math.round(value);
  if (Math.abs(value - frames) > 1e-9) throw new Error(`${what} is off the frame grid: ${value}`);
  return frames;
}
