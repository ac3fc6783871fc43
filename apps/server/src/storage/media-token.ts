// Signed, expiring media URLs: /api/media/<base64url(JSON payload)>.<base64url(HMAC-SHA256)>.
// The signature is the authorisation, so only authenticated endpoints that checked ownership
// may hand these out. Each link names the session that asked for it and the password it was
// signed in with, and lives minutes: signing out or a password change ends its links too.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEDIA_LINK_LIFETIME_S } from '@roughcut/shared';
import { z } from 'zod';
import type { Disposition } from './http-headers.ts';
import { contentTypeFor } from './http-headers.ts';
import { isStorageKey, sanitizeFileName } from './storage-keys.ts';

export const MEDIA_ROUTE_PREFIX = '/api/media/';
export const DEFAULT_MEDIA_URL_TTL_S = MEDIA_LINK_LIFETIME_S;

const keySchema = z.string().refine(isStorageKey);

// NOTE: v2 links carry the session; v1 links (no session, hours long) are refused as invalid.
const filePayloadSchema = z.object({
  v: z.literal(2),
  /** the sessions.id (hash of the cookie token) that asked for the link */
  s: z.string().min(1),
  /** its credential stamp (changes with the password) */
  c: z.string().min(1),
  /** storage key */
  k: keySchema,
  /** expiry, unix seconds */
  e: z.number().int(),
  /** download file name */
  n: z.string().min(1),
  /** content type */
  t: z.string().min(1),
  /** 'i' inline or 'a' attachment */
  d: z.enum(['i', 'a']),
});

const zipPayloadSchema = z.object({
  v: z.literal(2),
  s: z.string().min(1),
  c: z.string().min(1),
  /** entries as [name inside the zip, storage key] */
  z: z.array(z.tuple([z.string().min(1), keySchema])).min(1),
  e: z.number().int(),
  n: z.string().min(1),
});

const payloadSchema = z.union([filePayloadSchema, zipPayloadSchema]);

export type MediaGrant =
  | {
      kind: 'file';
      key: string;
      fileName: string;
      contentType: string;
      disposition: Disposition;
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
  signMediaUrl(key: string, options: SignFileOptions): string;
  signZipUrl(entries: ZipGrantEntry[], options: SignZipOptions): string;
  verifyMediaToken(token: string): VerifyResult;
};

const b64 = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

/** `now` is the app clock (ms), so tests can move time. */
export function createMediaSigner(secret: string, now: () => number = Date.now): MediaSigner {
  // NOTE: a dedicated key derived from the shared secret, so the same secret file can sign other
  // things without a media signature ever being valid elsewhere.
  const key = createHmac('sha256', secret).update('roughcut/media-url/v1').digest();
  const mac = (body: string): Buffer => createHmac('sha256', key).update(body).digest();
  const expiry = (expiresInS = DEFAULT_MEDIA_URL_TTL_S): number =>
    Math.floor(now() / 1000) + Math.max(1, Math.floor(expiresInS));
  const toUrl = (payload: z.input<typeof payloadSchema>): string => {
    const body = b64(JSON.stringify(payload));
    return `${MEDIA_ROUTE_PREFIX}${body}.${b64(mac(body))}`;
  };

  return {
    signMediaUrl(storageKey, options) {
      const fileName = sanitizeFileName(
        options.fileName ?? storageKey.split('/').pop() ?? '',
        'download',
      );
      return toUrl(
        filePayloadSchema.parse({
          v: 2,
          s: options.session.id,
          c: options.session.stamp,
          k: storageKey,
          e: expiry(options.expiresInS),
          n: fileName,
          t: options.contentType ?? contentTypeFor(fileName),
          d: options.disposition === 'attachment' ? 'a' : 'i',
        }),
      );
    },
    signZipUrl(entries, options) {
      let fileName = sanitizeFileName(options.fileName, 'download.zip');
      if (!fileName.toLowerCase().endsWith('.zip')) fileName = `${fileName}.zip`;
      return toUrl(
        zipPayloadSchema.parse({
          v: 2,
          s: options.session.id,
          c: options.session.stamp,
          z: entries.map((entry) => [entry.name, entry.key]),
          e: expiry(options.expiresInS),
          n: fileName,
        }),
      );
    },
    verifyMediaToken(token) {
      const dot = token.indexOf('.');
      if (dot <= 0) return { ok: false, reason: 'invalid' };
      const body = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'invalid' };
      }
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      const parsed = payloadSchema.safeParse(json);
      if (!parsed.success) return { ok: false, reason: 'invalid' };
      const payload = parsed.data;
      if (payload.e * 1000 <= now()) return { ok: false, reason: 'expired' };
      if ('z' in payload) {
        return {
          ok: true,
          grant: {
            kind: 'zip',
            entries: payload.z.map(([name, k]) => ({ name, key: k })),
            fileName: payload.n,
            expiresAt: payload.e,
            session: { id: payload.s, stamp: payload.c },
          },
        };
      }
      return {
        ok: true,
        grant: {
          kind: 'file',
          key: payload.k,
          fileName: payload.n,
          contentType: payload.t,
          disposition: payload.d === 'a' ? 'attachment' : 'inline',
          expiresAt: payload.e,
          session: { id: payload.s, stamp: payload.c },
        },
      };
    },
  };
}
