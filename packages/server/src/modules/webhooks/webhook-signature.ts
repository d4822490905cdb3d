/**
 * Signing of webhook deliveries, in the style of Stripe's signatures (issue 15, docs/webhooks.md):
 * `Loreforge-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The timestamp is part of
 * what is signed, so a receiver that refuses old timestamps also refuses replays.
 */
import crypto from 'node:crypto';

/**
 * A new signing secret: `whsec_` then 32 random bytes in base64url (256 bits).
 * @returns the secret, to store and show once.
 */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64url')}`;
}

/**
 * The signature header's value for a body.
 * @param secret the webhook's secret; @param body the exact bytes sent; @param timestamp unix seconds (default now).
 * @returns `t=<timestamp>,v1=<64 hex characters>`.
 */
export function signWebhookBody(secret: string, body: string, timestamp: number = Math.floor(Date.now() / 1000)): string {
  const digest = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/**
 * Verifies a signature header as a receiver does (the docs' example; the tests' receiver uses it too).
 * @param toleranceSeconds how far the timestamp may be from now (default 300 s).
 * @returns true when some v1 signature matches and the timestamp is recent enough.
 */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string,
  toleranceSeconds = 300,
  now: number = Date.now() / 1000,
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'));
  return parts.some(([key, value]) => {
    if (key !== 'v1' || value === undefined) return false;
    const given = Buffer.from(value);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}
