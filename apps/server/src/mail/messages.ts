import type { MailMessage } from './mailer.ts';

export type MailKind = 'confirm' | 'reset' | 'email_change';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The spec's web routes (section 2.1) that each kind of code is redeemed at. */
export function linkFor(kind: MailKind, publicUrl: string, code: string): string {
  const encoded = encodeURIComponent(code);
  switch (kind) {
    case 'confirm':
      return `${publicUrl}/register/${encoded}/confirm`;
    case 'reset':
      return `${publicUrl}/resetpassword/${encoded}`;
    case 'email_change':
      return `${publicUrl}/confirm-email/${encoded}`;
  }
}

const COPY: Record<MailKind, { subject: string; intro: string; action: string; outro: string }> = {
  confirm: {
    subject: 'Confirm your Roughcut account',
    intro: 'Thanks for signing up to Roughcut. Please confirm your account:',
    action: 'Confirm account',
    outro:
      'This link works once and expires in 7 days. If you did not sign up, ignore this e-mail.',
  },
  reset: {
    subject: 'Reset your Roughcut password',
    intro: 'Someone asked to reset the password of your Roughcut account. To choose a new one:',
    action: 'Reset password',
    outro:
      'This link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail: your password stays the same.',
  },
  email_change: {
    subject: 'Confirm your new e-mail address for Roughcut',
    intro: 'Please confirm that this is the new e-mail address of your Roughcut account:',
    action: 'Confirm e-mail',
    outro:
      'This link works once and expires in 7 days. If you did not ask for it, ignore this e-mail.',
  },
};

export function buildMessage(
  kind: MailKind,
  to: string,
  username: string,
  link: string,
): MailMessage {
  const copy = COPY[kind];
  const text = `Hi ${username},\n\n${copy.intro}\n\n${link}\n\n${copy.outro}\n\nRoughcut\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#1f2430">
<p>Hi ${escapeHtml(username)},</p>
<p>${escapeHtml(copy.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(copy.action)}</a></p>
<p>Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="color:#667">${escapeHtml(copy.outro)}</p>
</body></html>`;
  return { to, subject: copy.subject, text, html, link };
}
