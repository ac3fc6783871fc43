import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

export type OutboxMail = {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** The first link in the plain-text part. */
  link: string | undefined;
};

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const joined = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? ''));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

const headerOf = (head: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(head)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim() ?? '';

/** The plain-text part of a (possibly multipart) message, transfer-decoded. */
export function plainTextOf(raw: string): string {
  const { head, body } = splitHead(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headerOf(head, 'Content-Type'))?.[1];
  const decode = (partHead: string, partBody: string) =>
    /quoted-printable/i.test(headerOf(partHead, 'Content-Transfer-Encoding'))
      ? decodeQuotedPrintable(partBody)
      : /base64/i.test(headerOf(partHead, 'Content-Transfer-Encoding'))
        ? Buffer.from(partBody, 'base64').toString('utf8')
        : partBody;
  if (!boundary) return decode(head, body);
  for (const part of body.split(`--${boundary}`)) {
    const { head: partHead, body: partBody } = splitHead(part.replace(/^\r?\n/, ''));
    if (/text\/plain/i.test(headerOf(partHead, 'Content-Type'))) return decode(partHead, partBody);
  }
  return '';
}

export function parseMail(file: string, raw: string): OutboxMail {
  const { head } = splitHead(raw);
  const text = plainTextOf(raw);
  return {
    file,
    to: headerOf(head, 'To'),
    subject: headerOf(head, 'Subject'),
    text,
    link: /https?:\/\/\S+/.exec(text)?.[0],
  };
}

/** Every outbox message to `to`, newest first (file names start with a timestamp). */
export async function readMails(outboxDir: string, to: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  names.sort().reverse();
  const mails = await Promise.all(
    names.map(async (name) => {
      const file = path.join(outboxDir, name);
      return parseMail(file, await readFile(file, 'utf8'));
    }),
  );
  return mails.filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
}

/**
 * Waits for the newest message to `to` whose link path starts with `pathPrefix` and returns its
 * link. Mail is sent by a background job, so it can arrive a moment after the request returned.
 * Links already returned once are skipped, so each call waits for a fresh message.
 */
export function createMailbox(outboxDir: string) {
  const seen = new Set<string>();
  return {
    async waitForLink(to: string, pathPrefix: string, timeoutMs = 30_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const [mail] = (await readMails(outboxDir, to)).filter(
          (candidate) =>
            candidate.link !== undefined &&
            new URL(candidate.link).pathname.startsWith(pathPrefix) &&
            !seen.has(candidate.file),
        );
        if (mail?.link) {
          seen.add(mail.file);
          return mail.link;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`No mail to ${to} with a ${pathPrefix} link arrived within ${timeoutMs} ms`);
    },
  };
}
