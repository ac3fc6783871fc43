// Reads an MLT project back: the picture track's entries and the Captions track's text clips,
// blanks and entries in their order (which only an order-keeping parse tells).
import { XMLParser } from 'fast-xml-parser';
import { list, node, parseXml, text } from './readback-common.ts';
import type { Node, ReadTimeline } from './readback-common.ts';

export function readMlt(xml: string): ReadTimeline {
  const mlt = node(parseXml(xml).mlt);
  const profile = node(mlt.profile);
  const rate = { num: Number(profile['@frame_rate_num']), den: Number(profile['@frame_rate_den']) };
  const resources = new Map(
    list(mlt.producer).map((p) => [
      String(p['@id']),
      text(list(p.property).find((q) => q['@name'] === 'resource')),
    ]),
  );
  const track = list(mlt.playlist).find((p) => p['@id'] === 'playlist0');
  let recordIn = 0;
  const entries = list(track?.entry);
  const cuts = entries.map((entry) => {
    const sourceIn = Number(entry['@in']);
    const sourceOut = Number(entry['@out']) + 1;
    const cut = { sourceIn, sourceOut, recordIn };
    recordIn += sourceOut - sourceIn;
    return cut;
  });
  return {
    rate,
    video: cuts,
    audio: cuts,
    captions: readMltCaptions(xml, mlt),
    media: entries.map((e) => resources.get(String(e['@producer'])) ?? '?'),
  };
}

/** The Captions track: its blanks and text clips in order, each clip's text its filter's. */
function readMltCaptions(xml: string, mlt: Node): ReadTimeline['captions'] {
  const texts = new Map(
    list(mlt.producer).map((p) => {
      const filter = node(p.filter ?? {});
      const argument = list(filter.property).find((q) => q['@name'] === 'argument');
      const service = list(filter.property).find((q) => q['@name'] === 'mlt_service');
      const drawn = text(service) === 'dynamictext' ? text(argument) : '';
      return [String(p['@id']), drawn.replace(/\n/g, ' ').replace(/\\#/g, '#')];
    }),
  );
  // NOTE: blanks and entries interleave, which only an order-keeping parse tells.
  type Ordered = Record<string, Ordered[]> & { ':@'?: Record<string, string> };
  const ordered = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    preserveOrder: true,
  }).parse(xml) as Ordered[];
  const root = ordered.find((n) => n.mlt)?.mlt ?? [];
  const track = root.find((n) => n.playlist && n[':@']?.['@id'] === 'playlist1');
  const captions: ReadTimeline['captions'] = [];
  let at = 0;
  for (const item of track?.playlist ?? []) {
    const attributes = item[':@'] ?? {};
    if (item.blank) at += Number(attributes['@length']);
    if (!item.entry) continue;
    const length = Number(attributes['@out']) + 1 - Number(attributes['@in']);
    const caption = texts.get(String(attributes['@producer']));
    if (!caption) throw new Error(`caption clip ${attributes['@producer']} draws no text`);
    captions.push({ recordIn: at, recordOut: at + length, text: caption });
    at += length;
  }
  return captions;
}

/**
 * A Kdenlive project (kdenlive.ts): V1's and A1's cuts from their playlists, the source from the
 * bin, and the caption guides as captions (a guide marks a caption's first frame only, so each
 * reads as ending where it starts).
 */
export function readKdenlive(xml: string): ReadTimeline {
  const mlt = node(parseXml(xml).mlt);
  const profile = node(mlt.profile);
  const rate = { num: Number(profile['@frame_rate_num']), den: Number(profile['@frame_rate_den']) };
  const resources = new Map(
    list(mlt.producer).map((p) => [
      String(p['@id']),
      text(list(p.property).find((q) => q['@name'] === 'resource')),
    ]),
  );
  const tractorTrack = (name: string) => {
    const tractor = list(mlt.tractor).find((t) =>
      list(t.property).some((q) => q['@name'] === 'kdenlive:track_name' && text(q) === name),
    );
    const producer = list(tractor?.track)[0]?.['@producer'];
    const lane = typeof producer === 'string' ? producer : '';
    return list(list(mlt.playlist).find((p) => p['@id'] === lane)?.entry);
  };
  const cutsOf = (entries: Node[]) => {
    let recordIn = 0;
    return entries.map((entry) => {
      const sourceIn = Number(entry['@in']);
      const sourceOut = Number(entry['@out']) + 1;
      const cut = { sourceIn, sourceOut, recordIn };
      recordIn += sourceOut - sourceIn;
      return cut;
    });
  };
  const video = tractorTrack('V1');
  const bin = list(mlt.playlist).find((p) => p['@id'] === 'main_bin');
  const guides = JSON.parse(
    text(list(bin?.property).find((q) => q['@name'] === 'kdenlive:docproperties.guides')) || '[]',
  ) as { pos: number; comment: string }[];
  return {
    rate,
    video: cutsOf(video),
    audio: cutsOf(tractorTrack('A1')),
    captions: guides.map((g) => ({ recordIn: g.pos, recordOut: g.pos, text: g.comment })),
    media: video.map((e) => resources.get(String(e['@producer'])) ?? '?'),
  };
}
