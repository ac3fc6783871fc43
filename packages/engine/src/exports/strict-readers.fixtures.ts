// Readers as strict as the oldest tools an export must open in, for the exports' tests: a CMX3600
// EDL read column by column, and a zip read through its central directory with every CRC checked.
import { crc32 } from 'node:zlib';
import { parseTimecode, timebase } from './frame-time.ts';
import type { Rate } from './frame-time.ts';

export type StrictEvent = {
  event: number;
  reel: string;
  channels: string;
  sourceIn: number;
  sourceOut: number;
  recordIn: number;
  recordOut: number;
};

export type StrictEdl = { title: string; dropFrame: boolean; events: StrictEvent[] };

const CHANNELS = new Set(['V', 'A', 'A2', 'AA', 'B', 'A/V', 'AA/V']);

function strictTimecode(text: string, rate: Rate, dropFrame: boolean): number {
  const match = /^(\d{2}):(\d{2}):(\d{2})([:;])(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a timecode: "${text}"`);
  const [h = 0, m = 0, s = 0, f = 0] = [match[1], match[2], match[3], match[5]].map(Number);
  if (h > 23 || m > 59 || s > 59 || f >= timebase(rate)) {
    throw new Error(`a timecode out of range at ${timebase(rate)} fps: ${text}`);
  }
  if ((match[4] === ';') !== dropFrame) throw new Error(`${text} is not as the FCM line says`);
  // NOTE: parseTimecode refuses a label drop-frame skips (00:01:00;00).
  return parseTimecode(text, rate);
}

/**
 * One CMX3600 list, as a strict reader takes it: TITLE (70 characters at most) and FCM first,
 * events numbered 001 on with three digits, reels of at most 8 characters, the channel field,
 * a cut, four timecodes valid at the rate, the source as long as the record, and each record-in
 * where the event before it ended (the first at `recordFrom`). Comment lines start with '*'.
 */
export function readStrictEdl(text: string, rate: Rate, recordFrom: number): StrictEdl {
  const lines = text.split('\n');
  const title = /^TITLE: (.{1,70})$/.exec(lines[0] ?? '')?.[1];
  if (title === undefined) throw new Error(`no TITLE line of 70 characters at most: ${lines[0]}`);
  const fcm = /^FCM: (DROP FRAME|NON-DROP FRAME)$/.exec(lines[1] ?? '')?.[1];
  if (!fcm) throw new Error(`no FCM line: ${lines[1]}`);
  const dropFrame = fcm === 'DROP FRAME';
  const events: StrictEvent[] = [];
  let record = recordFrom;
  for (const line of lines.slice(2)) {
    if (line.trim() === '' || line.startsWith('*')) continue;
    if (line.startsWith('TITLE:')) throw new Error('a second TITLE: one list per file');
    // Columns: event 1-3, reel 6-13, channels 15-19, transition 21, then the four timecodes.
    const number = line.slice(0, 3);
    if (!/^\d{3}$/.test(number) || line.slice(3, 5) !== '  ' || line[13] !== ' ') {
      throw new Error(`not a CMX3600 event line: "${line}"`);
    }
    const reel = line.slice(5, 13).trimEnd();
    if (!/^[A-Za-z0-9_]{1,8}$/.test(reel)) throw new Error(`a bad reel name: "${reel}"`);
    const channels = line.slice(14, 19).trim();
    if (!CHANNELS.has(channels)) throw new Error(`bad channels: "${channels}"`);
    const rest = /^ C {8}(\S+) (\S+) (\S+) (\S+)$/.exec(line.slice(19));
    if (!rest) throw new Error(`not a cut with four timecodes: "${line}"`);
    const [sourceIn = 0, sourceOut = 0, recordIn = 0, recordOut = 0] = rest
      .slice(1)
      .map((t) => strictTimecode(t, rate, dropFrame));
    const event = Number(number);
    if (event !== events.length + 1) throw new Error(`event ${number} is out of order`);
    if (event > 999) throw new Error(`event ${event} past 999`);
    if (recordIn !== record) {
      throw new Error(`event ${number} records at ${recordIn}, not ${record}`);
    }
    if (sourceOut - sourceIn !== recordOut - recordIn || sourceOut <= sourceIn) {
      throw new Error(`event ${number}: the source and record lengths differ`);
    }
    events.push({ event, reel, channels, sourceIn, sourceOut, recordIn, recordOut });
    record = recordOut;
  }
  return { title, dropFrame, events };
}

/** The files of a zip, by its central directory, each checked against its local header and CRC. */
export function readZip(bytes: Uint8Array): Map<string, string> {
  const zip = Buffer.from(bytes);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`no central entry ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const stored = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`no local header for ${name}`);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const content = zip.subarray(data, data + stored);
    if (method !== 0 || zip.readUInt32LE(at + 24) !== stored)
      throw new Error(`${name}: not stored`);
    if (zip.readUInt32LE(local + 18) !== stored) throw new Error(`${name}: the sizes differ`);
    if (crc32(content) !== crc) throw new Error(`${name}: the CRC does not match`);
    files.set(name, content.toString('utf8'));
    at += 46 + skip;
  }
  return files;
}
