// Opaque, expiring media URLs: /api/media/<id>.<check>. The id is 128 random bits; the row it
// names (media-links.repository.ts) says what the link serves, until when, and which session
// asked for it with which password stamp, so nothing about the file, the user or the password
// can be read from the URL. The check is an HMAC of the id: a made-up token is refused without
// a database lookup. Only authenticated endpoints that checked ownership hand these out; a link
// lives minutes, and signing out or a password change ends it at once.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MEDIA_LINK_LIFETIME_S } from '@roughcut/shared';
import type { Db } from '../db/client.ts';
import type { Disposition } from './http-headers.ts';
import { contentTypeFor } from './http-headers.ts';
import { findMediaLink, insertMediaLink } from './media-links.repository.ts';
import type { MediaLinkRow } from './media-links.repository.ts';
import { assertStorageKey, sanitizeFileName } from './storage-keys.ts';

export const MEDIA_ROUTE_PREFIX = '/api/media/';
export const DEFAULT_MEDIA_URL_TTL_S = MEDIA_LINK_LIFETIME_S;
/** Expired links are kept this long, so they answer "expired" rather than "not valid". */
export const MEDIA_LINK_RETENTION_MS = 24 * 60 * 60 * 1000;

const ID_BYTES = 16;
const CHECK_BYTES = 16;
const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;
/** Grants kept in memory: a playing video asks for many ranges of one link. */
const CACHED_GRANTS = 10_000;

export type MediaGrant =
  | {
      kind: 'file';
      key: string;
      fileName: string;
      contentType: string;
      disposition: Disposition;
      /** unix seconds */
      expiresAt: number;
      session: MediaSession;
    }
  | {
      kind: 'zip';
      entries: ZipGrantEntry[];
      fileName: string;
      expiresAt: number;
      session: MediaSession;
    };

/** Who asked for a link: the sessions.id and its credential stamp at the time. */
export type MediaSession = { id: string; stamp: string };

export type ZipGrantEntry = { name: string; key: string };

export type SignFileOptions = {
  /** The session asking for the link: the link dies with it or with its password. */
  session: MediaSession;
  expiresInS?: number;
  /** Defaults to the key's last segment. */
  fileName?: string;
  /** Defaults from the file name's extension. */
  contentType?: string;
  disposition?: Disposition;
};

export type SignZipOptions = { session: MediaSession; expiresInS?: number; fileName: string };

export type VerifyResult =
  { ok: true; grant: MediaGrant } | { ok: false; reason: 'invalid' | 'expired' };

export type MediaSigner = {
  signMediaUrl(key: string, options: SignFileOptions): Promise<string>;
  signZipUrl(entries: ZipGrantEntry[], options: SignZipOptions): Promise<string>;
  verifyMediaToken(token: string): Promise<VerifyResult>;
};

function grantOf(row: MediaLinkRow): MediaGrant | undefined {
  const common = {
    fileName: row.fileName,
    expiresAt: Math.floor(row.expiresAt.getTime() / 1000),
    session: { id: row.sessionId, stamp: row.credentialStamp },
  };
  if (row.kind === 'zip') {
    if (!row.entries?.length) return undefined;
    return { kind: 'zip', entries: row.entries.map(([name, key]) => ({ name, key })), ...common };
  }
  if (!row.storageKey) return undefined;
  return {
    kind: 'file',
    key: row.storageKey,
    contentType: row.contentType,
    disposition: row.disposition,
    ...common,
  };
}

/** `now` is the app clock (ms), so tests can move time. */
export function createMediaSigner(
  secret: string,
  db: Db,
  now: () => number = Date.now,
): MediaSigner {
  // NOTE: a dedicated key derived from the shared secret, so the same secret file can sign other
  // things without a media check ever being valid elsewhere.
  const key = createHmac('sha256', secret).update('roughcut/media-url/v3').digest();
  const checkOf = (id: string): Buffer =>
    createHmac('sha256', key).update(id).digest().subarray(0, CHECK_BYTES);
  // NOTE: only the id's hash is stored, as with sessions: a leaked table replays no link.
  const rowIdOf = (id: string): string => createHash('sha256').update(id).digest('base64url');
  const grants = new Map<string, MediaGrant>();
  const remember = (rowId: string, grant: MediaGrant) => {
    grants.set(rowId, grant);
    for (const old of grants.keys()) {
      if (grants.size <= CACHED_GRANTS) break;
      grants.delete(old);
    }
  };
  const expiry = (expiresInS = DEFAULT_MEDIA_URL_TTL_S): number =>
    Math.floor(now() / 1000) + Math.max(1, Math.floor(expiresInS));

  async function issue(link: Omit<MediaLinkRow, 'id' | 'createdAt'>): Promise<string> {
    const id = randomBytes(ID_BYTES).toString('base64url');
    const rowId = rowIdOf(id);
    const row = { ...link, id: rowId };
    await insertMediaLink(db, row);
    const grant = grantOf({ ...row, createdAt: new Date(now()) });
    if (grant) remember(rowId, grant);
    return `${MEDIA_ROUTE_PREFIX}${id}.${checkOf(id).toString('base64url')}`;
  }

  return {
    async signMediaUrl(storageKey, options) {
      assertStorageKey(storageKey);
      const fileName = sanitizeFileName(
        options.fileName ?? storageKey.split('/').pop() ?? '',
        'download',
      );
      return issue({
        sessionId: options.session.id,
        credentialStamp: options.session.stamp,
        kind: 'file',
        storageKey,
        entries: null,
        fileName,
        contentType: options.contentType ?? contentTypeFor(fileName),
        disposition: options.disposition ?? 'inline',
        expiresAt: new Date(expiry(options.expiresInS) * 1000),
      });
    },
    async signZipUrl(entries, options) {
      if (entries.length === 0) throw new Error('a zip link needs at least one file');
      for (const entry of entries) {
        assertStorageKey(entry.key);
        if (!entry.name) throw new Error('a zip entry needs a name');
      }
      let fileName = sanitizeFileName(options.fileName, 'download.zip');
      if (!fileName.toLowerCase().endsWith('.zip')) fileName = `${fileName}.zip`;
      return issue({
        sessionId: options.session.id,
        credentialStamp: options.session.stamp,
        kind: 'zip',
        storageKey: null,
        entries: entries.map((entry): [string, string] => [entry.name, entry.key]),
        fileName,
        contentType: 'application/zip',
        disposition: 'attachment',
        expiresAt: new Date(expiry(options.expiresInS) * 1000),
      });
    },
    async verifyMediaToken(token) {
      const match = TOKEN.exec(token);
      const [, id = '', check = ''] = match ?? [];
      const given = Buffer.from(check, 'base64url');
      const expected = checkOf(id);
      if (!match || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'invalid' };
      }
      const rowId = rowIdOf(id);
      let grant = grants.get(rowId);
      if (!grant) {
        const row = await findMediaLink(db, rowId);
        grant = row && grantOf(row);
        if (!grant) return { ok: false, reason: 'invalid' };
        remember(rowId, grant);
      }
      if (grant.expiresAt * 1000 <= now()) {
        grants.delete(rowId);
        return { ok: false, reason: 'expired' };
      }
      return { ok: true, grant };
    },
  };
}
