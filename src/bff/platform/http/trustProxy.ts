import { isIP } from 'node:net';

/**
 * Which forwarding proxies the BFF believes about the client's address
 * (`X-Forwarded-For`): none, the last N hops, or proxies at given addresses. Never
 * every hop: the left end of the header is whatever the client wrote, so trusting it
 * lets a client pick a fresh address for every sign-in attempt.
 */
export type TrustProxy = false | number | string[];

/* proxy-addr's names for the private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string) => {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

/** `TRUST_PROXY`: unset or `false`, a number of hops (1 to 10), or addresses and CIDR ranges. */
export function parseTrustProxy(
  value: string | undefined,
): { trust: TrustProxy } | { error: string } {
  if (value === undefined || value === 'false') return { trust: false };
  if (value === 'true') {
    return {
      error:
        'must say which proxies to trust, not all of them: the number of proxies in front of the console (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? { trust: hops } : { error: 'must be 1 to 10 proxy hops' };
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  return bad === undefined
    ? { trust: entries }
    : { error: `must be a number of hops or addresses and CIDR ranges ("${bad}" is neither)` };
}

/** Fastify's option: the number of hops as its "trust the first N hops" test. */
export function toFastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
