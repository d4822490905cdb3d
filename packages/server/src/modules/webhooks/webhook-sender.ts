/**
 * Sends one webhook delivery over HTTP: POST, JSON, signed, to the address the URL's host resolves to after the
 * SSRF check (webhook-url.ts `guardedLookup`), never following a redirect, within a time limit.
 */
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_SIGNATURE_HEADER } from '@loreforge/contract';
import { APP_VERSION } from '../../version.js';
import { WebhookTargetError, guardedLookup, parseWebhookUrl } from './webhook-url.js';
import { signWebhookBody } from './webhook-signature.js';

/** What one attempt gave. `ok` when the receiver answered 2xx. */
export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** Options of one attempt. */
export interface SendOptions {
  url: string;
  secret: string;
  /** The exact JSON body. */
  body: string;
  eventId: string;
  allowPrivate: boolean;
  /** Whole-attempt limit in ms (connect, send, answer). */
  timeoutMs: number;
}

/** Longest error text kept in the delivery log. */
const ERROR_MAX = 500;

/**
 * POSTs a delivery once.
 * @returns the outcome; never throws (a refused address, a timeout or a network error is a failed result).
 */
export async function sendWebhook(options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const done = (ok: boolean, statusCode: number | null, error: string | null): SendResult => ({
    ok,
    statusCode,
    durationMs: Math.round(performance.now() - started),
    error: error === null ? null : error.slice(0, ERROR_MAX),
  });
  let url: URL;
  try {
    url = parseWebhookUrl(options.url);
  } catch (error) {
    return done(false, null, (error as Error).message);
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(options.body),
          'user-agent': `Loreforge-Webhooks/${APP_VERSION}`,
          'loreforge-event-id': options.eventId,
          [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signWebhookBody(options.secret, options.body),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // The answer's body is not needed; reading it lets the socket close cleanly.
        response.resume();
        response.on('end', () => {
          if (status >= 200 && status < 300) resolve(done(true, status, null));
          else if (status >= 300 && status < 400)
            resolve(done(false, status, `Redirects are not followed (answered ${status}); set the final URL.`));
          else resolve(done(false, status, `Answered ${status}.`));
        });
        response.on('error', (error) => resolve(done(false, status, error.message)));
      },
    );
    const deadline = setTimeout(() => request.destroy(new Error(`No answer within ${options.timeoutMs} ms.`)), options.timeoutMs);
    request.on('timeout', () => request.destroy(new Error(`No answer within ${options.timeoutMs} ms.`)));
    request.on('error', (error) => {
      clearTimeout(deadline);
      resolve(done(false, null, error instanceof WebhookTargetError ? error.message : error.message || 'The connection failed.'));
    });
    request.on('close', () => clearTimeout(deadline));
    request.end(options.body);
  });
}
