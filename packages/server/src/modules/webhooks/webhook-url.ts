/**
 * Which addresses a webhook may call (issue 15, docs/webhooks.md "Why some addresses are refused"). A webhook URL
 * is chosen by a world's owner but fetched by the server, from inside its network: without a check it could aim
 * the server at its own admin ports, the database, the cloud metadata service (169.254.169.254) or anything else
 * only the server can reach (server-side request forgery). So:
 * - only http: and https:, never with a user name or password in the URL;
 * - every address the host resolves to must be public unicast: loopback, private (RFC 1918), link-local (and with
 *   it the metadata address), CGNAT (100.64/10), multicast, broadcast, reserved, unique-local and site-local v6,
 *   v4-mapped/NAT64/6to4/Teredo forms of those, … are refused (ipaddr.js classifies the ranges);
 * - the check runs on save and again at each delivery, and the delivery connects to the very address that was
 *   checked (`guardedLookup`), so a DNS answer that changes in between (DNS rebinding) cannot slip through;
 * - redirects are never followed (a public host could otherwise redirect into the private network).
 * `WEBHOOKS_ALLOW_PRIVATE=true` lifts the address rule (not the scheme or credential rules) for a server whose
 * receivers live on its own network, such as local development and tests.
 */
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_MESSAGES } from '@loreforge/contract';
import { invalidField } from '../../errors/app-error.js';

/** A refused target: the person-readable reason (one of WEBHOOK_MESSAGES). */
export class WebhookTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookTargetError';
  }
}

/**
 * Whether an address is a public unicast address a webhook may call.
 * @param address an IPv4 or IPv6 literal (IPv4-mapped IPv6 is judged as the IPv4 it carries).
 * @returns false for anything ipaddr.js does not class as plain `unicast`, and for text that is no address.
 */
function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

/**
 * Checks a URL's form: absolute, http(s), no credentials.
 * @returns the parsed URL.
 * @throws WebhookTargetError with WEBHOOK_MESSAGES.urlInvalid, urlScheme or urlCredentials.
 */
export function parseWebhookUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new WebhookTargetError(WEBHOOK_MESSAGES.urlInvalid);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebhookTargetError(WEBHOOK_MESSAGES.urlScheme);
  if (url.username !== '' || url.password !== '') throw new WebhookTargetError(WEBHOOK_MESSAGES.urlCredentials);
  if (url.hostname === '') throw new WebhookTargetError(WEBHOOK_MESSAGES.urlInvalid);
  return url;
}

/** The host of a URL as a resolver takes it (IPv6 literals lose their brackets). */
const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves a host to every address it has and checks each (all must pass, so one public record beside a private
 * one does not open the door).
 * @returns the addresses, in resolver order.
 * @throws WebhookTargetError urlUnresolvable when the name does not resolve, urlPrivate when an address is not public.
 */
async function resolvePublicAddresses(host: string, allowPrivate: boolean): Promise<dns.LookupAddress[]> {
  let addresses: dns.LookupAddress[];
  try {
    addresses = ipaddr.isValid(host)
      ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
      : await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    throw new WebhookTargetError(WEBHOOK_MESSAGES.urlUnresolvable);
  }
  if (addresses.length === 0) throw new WebhookTargetError(WEBHOOK_MESSAGES.urlUnresolvable);
  if (!allowPrivate && addresses.some(({ address }) => !isPublicAddress(address))) {
    throw new WebhookTargetError(WEBHOOK_MESSAGES.urlPrivate);
  }
  return addresses;
}

/**
 * The save-time check of a webhook URL (form, then where its host resolves).
 * @returns the URL as it will be stored (WHATWG-normalised, e.g. `http://0x7f.1/` reads `http://127.0.0.1/`).
 * @throws AppError 400 on the `url` field with the reason (WEBHOOK_MESSAGES).
 */
export async function checkWebhookUrl(text: string, allowPrivate: boolean): Promise<string> {
  try {
    const url = parseWebhookUrl(text);
    await resolvePublicAddresses(hostOf(url), allowPrivate);
    return url.href;
  } catch (error) {
    if (error instanceof WebhookTargetError) throw invalidField('url', error.message);
    throw error;
  }
}

/**
 * A `lookup` for http.request that resolves, checks and hands the connection exactly the checked address, so
 * the address connected to is the address judged (no second resolution an attacker's DNS could answer
 * differently).
 * @returns a LookupFunction failing with WebhookTargetError for a refused or unresolvable host.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublicAddresses(hostname.replace(/^\[(.*)\]$/, '$1'), allowPrivate).then(
      (addresses) => {
        const wanted =
          options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
        const usable = wanted.length > 0 ? wanted : addresses;
        // resolvePublicAddresses answers at least one address or fails, so `first` is always there.
        const [first] = usable;
        if (options.all) callback(null, usable);
        else if (first) callback(null, first.address, first.family);
        else callback(new WebhookTargetError(WEBHOOK_MESSAGES.urlUnresolvable), '', 0);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}
