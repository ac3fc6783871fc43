import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link in the message, logged in outbox mode so it can be followed without mail. */
  link?: string;
};

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

export type MailerOptions = {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
};

/** Outbox messages carry their action link, unwrapped, in this header. */
export const OUTBOX_LINK_HEADER = 'X-Roughcut-Link';

/** `<timestamp>-<id>.eml`; the timestamp sorts by name in send order. */
function outboxFileName(now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${randomUUID().slice(0, 8)}.eml`;
}

/** SMTP when SMTP_URL is set, otherwise .eml files in the outbox folder plus a log line. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // NOTE: the body parts are quoted-printable, which wraps long links; this header keeps
        // the link on one line for tools and tests that read the outbox.
        ...(message.link
          ? { headers: { [OUTBOX_LINK_HEADER]: { prepared: true, value: message.link } } }
          : {}),
      });
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, outboxFileName(new Date()));
      // NOTE: written under a temporary name and renamed, so a reader never sees half a message.
      await writeFile(`${file}.tmp`, info.message);
      await rename(`${file}.tmp`, file);
      options.log.info(
        { to: message.to, subject: message.subject, file, link: message.link },
        `mail written to the outbox${message.link ? `: ${message.link}` : ''}`,
      );
    },
    close: () => transport.close(),
  };
}

/** The newest outbox message addressed to `to` (raw .eml text), or undefined. For tests and tools. */
export async function readLatestOutboxMessage(
  outboxDir: string,
  to: string,
): Promise<{ file: string; raw: string; link: string | undefined } | undefined> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml'));
  } catch {
    return undefined;
  }
  names.sort().reverse();
  const wanted = to.toLowerCase();
  for (const name of names) {
    const file = path.join(outboxDir, name);
    const raw = await readFile(file, 'utf8');
    const header = raw.slice(0, raw.indexOf('\n\n'));
    const toLine = /^To: (.*)$/im.exec(header)?.[1]?.toLowerCase() ?? '';
    const link = new RegExp(`^${OUTBOX_LINK_HEADER}: (\\S+)$`, 'im').exec(header)?.[1];
    if (toLine.includes(wanted)) return { file, raw, link };
  }
  return undefined;
}
