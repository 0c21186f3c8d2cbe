import { LAB_WEBHOOK_EVENT_TYPES } from './webhooks';

/*
 * What a webhook endpoint may be registered for and where it may point. The Lab API
 * posts signed deliveries to whatever address it is given, so an address inside the
 * network the provider runs in (its cloud's metadata service, a link-local host) is a way
 * to reach what no outsider should; and an event type outside the catalogue never fires,
 * so a typo would leave an endpoint waiting for nothing.
 */

/** The wearable events the provider sends beside the lab's (docs/lab-api-facts.md §12). */
const WEARABLE_EVENT_TYPES = [
  'provider.connection.created',
  'provider.connection.error',
  'provider.device.created',
  'provider.device.updated',
  'continuous_query.result_table.changed',
] as const;
/** `daily.data.<resource>.created|updated` and `historical.data.<resource>.created`. */
const WEARABLE_DATA_EVENT =
  /^(daily\.data\.[a-z0-9_]+\.(created|updated)|historical\.data\.[a-z0-9_]+\.created)$/;

const CATALOGUE: ReadonlySet<string> = new Set([
  ...LAB_WEBHOOK_EVENT_TYPES,
  ...WEARABLE_EVENT_TYPES,
]);

export function isCatalogueEventType(type: string): boolean {
  return CATALOGUE.has(type) || WEARABLE_DATA_EVENT.test(type);
}

/** Names that reach a cloud's metadata service from inside it. */
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata', 'instance-data']);

function ipv4(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const octets = parts.map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** The first 16 bits of an IPv6 address written in brackets, or null for anything else. */
function ipv6Head(host: string): number | null {
  if (!host.startsWith('[') || !host.endsWith(']')) return null;
  const inner = host.slice(1, -1).toLowerCase();
  if (inner.startsWith('::')) return 0;
  const head = inner.split(':')[0] ?? '';
  return /^[0-9a-f]{1,4}$/.test(head) ? parseInt(head, 16) : null;
}

export type EndpointAddressKind = 'metadata' | 'link-local' | 'loopback' | 'private' | 'public';

/** What a webhook URL's host is, from its literal form (names are not resolved). */
export function endpointAddressKind(url: string): EndpointAddressKind {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'public';
  }
  if (METADATA_HOSTS.has(host)) return 'metadata';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  const v4 = ipv4(host);
  if (v4) {
    const [a = 0, b = 0] = v4;
    if (host === '169.254.169.254' || host === '100.100.100.200') return 'metadata';
    if (a === 169 && b === 254) return 'link-local';
    if (a === 127 || a === 0) return 'loopback';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
    if (a === 100 && b >= 64 && b <= 127) return 'private';
    return 'public';
  }
  if (host === '[::1]' || host === '[::]') return 'loopback';
  if (host === '[fd00:ec2::254]') return 'metadata';
  // An IPv4 address written as IPv6 is judged as the IPv4 address.
  const mapped = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(host);
  if (mapped) {
    const value = (parseInt(mapped[1] ?? '0', 16) << 16) | parseInt(mapped[2] ?? '0', 16);
    const dotted = [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
    return endpointAddressKind(`http://${dotted}/`);
  }
  const head = ipv6Head(host);
  if (head === null) return 'public';
  if ((head & 0xffc0) === 0xfe80) return 'link-local';
  if ((head & 0xfe00) === 0xfc00) return 'private';
  return 'public';
}

/**
 * Why a URL may not be a webhook endpoint, in words for the admin, or null. Loopback and
 * private addresses serve the local Lab API and a test network, and are refused only when
 * the console talks to the real service (`realDeployment`).
 */
export function endpointUrlProblem(url: string, realDeployment: boolean): string | null {
  switch (endpointAddressKind(url)) {
    case 'metadata':
      return 'This is a cloud metadata address: the Lab API must not post to it.';
    case 'link-local':
      return 'This is a link-local address: the Lab API must not post to it.';
    case 'loopback':
      return realDeployment
        ? 'This address points at the Lab API’s own machine: use the console’s public address.'
        : null;
    case 'private':
      return realDeployment
        ? 'This is a private network address the Lab API cannot reach: use a public address.'
        : null;
    case 'public':
      return null;
  }
}
