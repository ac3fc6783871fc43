import { APP_ROUTES } from '@roughcut/shared';
import type { MailMessage } from '../../mail/mailer.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The mail to a user whose webhook the server disabled after 24 hours of failures. */
export function disabledMail(
  to: string,
  username: string,
  url: string,
  publicUrl: string,
): MailMessage {
  const link = `${publicUrl}${APP_ROUTES.accountApi}`;
  const intro = `Your Roughcut webhook ${url} has failed every delivery for 24 hours, so it was turned off: no more events are sent to it.`;
  const outro =
    'Once the receiver answers with a 2xx status again, turn the webhook back on from the API access page. Deliveries that failed can be sent again from there.';
  const text = `Hi ${username},\n\n${intro}\n\n${outro}\n\n${link}\n\nRoughcut\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#1f2430">
<p>Hi ${escapeHtml(username)},</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(outro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
</body></html>`;
  return { to, subject: 'Your Roughcut webhook was turned off', text, html, link };
}
