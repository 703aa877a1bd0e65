/**
 * Where Bloom may send a reminder (docs/rules.md#reminders): the sender POSTs to a subscription's endpoint from
 * inside AWS, so an endpoint is accepted only at the push service of a browser vendor, never at any address she
 * names (an instance metadata address, a private host, another port).
 */

/**
 * The browsers' push services, the one list: a host, or with `subdomains` any host under it (the vendor
 * spreads its endpoints over several names, e.g. web.push.apple.com, wns2-par02p.notify.windows.com).
 */
export const PUSH_SERVICES = [
  /** Chrome and the browsers built on Chromium's push (Opera, Samsung Internet): Firebase Cloud Messaging. */
  { vendor: 'Google', host: 'fcm.googleapis.com', subdomains: false },
  /** Firefox: Mozilla's autopush, at updates.push.services.mozilla.com. */
  { vendor: 'Mozilla', host: 'push.services.mozilla.com', subdomains: true },
  /** Safari (macOS 13, iOS 16.4 and later): Apple's web push, at web.push.apple.com; Apple says *.push.apple.com. */
  { vendor: 'Apple', host: 'push.apple.com', subdomains: true },
  /** Edge on Windows: the Windows Push Notification Service, at *.notify.windows.com. */
  { vendor: 'Microsoft', host: 'notify.windows.com', subdomains: true },
] as const;

/** Printable ASCII: what every push service's endpoint is written in (no space, control or other character). */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
export const MAX_PUSH_ENDPOINT_LENGTH = 2048;

/**
 * An https URL, written as the WHATWG URL parser writes it back (so no other parser, such as the one web-push
 * sends with, can read another host out of it), without user name, password or port, at a host of
 * PUSH_SERVICES; or at exactly one of `extraOrigins` (scheme, host and port), the push services a deployment
 * adds by configuration (functions/src/reminders/push-services.ts).
 */
export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  if (endpoint.length > MAX_PUSH_ENDPOINT_LENGTH || !PRINTABLE_ASCII.test(endpoint)) return false;
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.href !== endpoint || url.protocol !== 'https:' || url.username !== '' || url.password !== '')
    return false;
  if (isIpLiteral(url.hostname)) return false;
  if (extraOrigins.includes(url.origin)) return true;
  return url.port === '' && PUSH_SERVICES.some((service) => isServiceHost(url.hostname, service));
}

function isServiceHost(hostname: string, service: (typeof PUSH_SERVICES)[number]): boolean {
  return service.subdomains ? hostname.endsWith(`.${service.host}`) : hostname === service.host;
}

/** An IPv6 literal ([::1]) or a name the URL parser read as IPv4 (it writes 0x7f.1 or 2130706433 as 127.0.0.1). */
function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(hostname);
}
