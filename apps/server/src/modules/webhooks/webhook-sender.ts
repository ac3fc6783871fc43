// One delivery attempt: a signed POST after the Standard Webhooks specification, over a socket
// whose address was checked in its own lookup (webhook-address.ts). Redirects are not followed.
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import type { AddressPolicy } from './webhook-address.ts';
import { guardedLookup } from './webhook-address.ts';

/** A receiver gets this long to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The most of an answer read (and dropped). */
const MAX_ANSWER_BYTES = 64 * 1024;

export type SendOutcome =
  | { outcome: 'succeeded' | 'failed'; responseCode: number; error: string | null }
  | { outcome: 'failed' | 'refused'; responseCode: null; error: string };

export type SignedMessage = {
  url: string;
  secret: string;
  /** webhook-id: the same on every attempt of one delivery. */
  messageId: string;
  body: string;
  at: Date;
};

/** The three Standard Webhooks headers of a message. */
export function signatureHeaders(message: SignedMessage): Record<string, string> {
  const signature = new Webhook(message.secret).sign(message.messageId, message.at, message.body);
  return {
    'webhook-id': message.messageId,
    'webhook-timestamp': String(Math.floor(message.at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

export function sendWebhook(message: SignedMessage, policy: AddressPolicy): Promise<SendOutcome> {
  const url = new URL(message.url);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Roughcut-Webhooks/1',
          ...signatureHeaders(message),
        },
        lookup: guardedLookup(policy),
        timeout: DELIVERY_TIMEOUT_MS,
      },
      (response) => {
        const code = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => {
          const ok = code >= 200 && code < 300;
          resolve({
            outcome: ok ? 'succeeded' : 'failed',
            responseCode: code,
            error: ok ? null : `The receiver answered ${code}.`,
          });
        };
        response.on('end', done);
        response.on('close', done);
      },
    );
    request.on('timeout', () => {
      request.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} seconds.`));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRREFUSED') {
        resolve({ outcome: 'refused', responseCode: null, error: error.message });
        return;
      }
      resolve({ outcome: 'failed', responseCode: null, error: describeNetworkError(error) });
    });
    request.end(message.body);
  });
}

function describeNetworkError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'The receiver refused the connection.';
    case 'ECONNRESET':
      return 'The receiver closed the connection.';
    case 'ENOTFOUND':
      return 'The host name could not be found.';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `The receiver's TLS certificate was refused (${error.code}).`;
    case undefined:
    default:
      return error.message || 'The delivery failed.';
  }
}
