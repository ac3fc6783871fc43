// The fake Stripe's browser pages: a checkout to pay or cancel, and a customer portal to cancel the
// subscription. Enough for an end-to-end journey; every value shown is escaped.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function send(response: ServerResponse, status: number, body: unknown, type = 'json'): void {
  const text = type === 'json' ? JSON.stringify(body) : String(body);
  response.writeHead(status, {
    'content-type': type === 'json' ? 'application/json' : 'text/html; charset=utf-8',
  });
  response.end(text);
}

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">${body}</body></html>`;
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location });
  response.end();
}

export type PageSession = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  customer_email: string | null;
  line_items: { price: string }[];
};

export type PageDeps = {
  findSession(id: string): PageSession | undefined;
  hasSubscription(id: string): boolean;
  pay(sessionId: string, name: string): Promise<unknown>;
  cancel(subscriptionId: string): Promise<unknown>;
};

export async function handlePage(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  deps: PageDeps,
): Promise<void> {
  const [, kind, id = '', action] = url.pathname.split('/');
  if (kind === 'checkout') {
    const session = deps.findSession(id);
    if (!session)
      return send(response, 404, page('Not found', '<h1>No such checkout</h1>'), 'html');
    // NOTE: like Stripe's, a completed or expired checkout cannot be paid (again).
    if (session.status !== 'open')
      return send(
        response,
        410,
        page('Checkout closed', `<h1>This checkout is ${session.status}</h1>`),
        'html',
      );
    if (request.method === 'POST' && action === 'pay') {
      const name = new URLSearchParams(await readBody(request)).get('name') || 'Card Holder';
      await deps.pay(id, name);
      return redirect(response, session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
    }
    const price = escapeHtml(session.line_items[0]?.price ?? '');
    const email = escapeHtml(session.customer_email ?? '');
    return send(
      response,
      200,
      page(
        'Fake Stripe Checkout',
        `<h1>Fake Stripe Checkout</h1><p>Subscribe to ${price} as ${email}</p>
<form method="post" action="/checkout/${escapeHtml(id)}/pay">
<label>Name on card <input name="name" autocomplete="off"></label>
<button type="submit">Subscribe</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p>`,
      ),
      'html',
    );
  }
  if (kind === 'portal') {
    const returnUrl = url.searchParams.get('return_url') ?? '/';
    if (request.method === 'POST' && action === 'cancel' && deps.hasSubscription(id)) {
      await deps.cancel(id);
      return redirect(response, returnUrl);
    }
    return send(
      response,
      200,
      page(
        'Fake Stripe Portal',
        `<h1>Fake Stripe customer portal</h1>
<form method="post" action="/portal/${escapeHtml(id)}/cancel?return_url=${encodeURIComponent(returnUrl)}">
<button type="submit">Cancel subscription</button></form>
<p><a href="${escapeHtml(returnUrl)}">Return</a></p>`,
      ),
      'html',
    );
  }
  return send(response, 404, page('Not found', '<h1>Not found</h1>'), 'html');
}
