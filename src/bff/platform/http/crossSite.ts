import type { FastifyRequest } from 'fastify';

/*
 * Fetch Metadata resource isolation and an Origin check for the console's API. A browser
 * tells where a request comes from; a page on another site must not reach the API, even
 * if it managed to add the anti-forgery header. Requests without these headers (older
 * browsers, curl, scripts) carry no ambient browser credentials from another site and
 * stay allowed, as the resource isolation policy describes.
 */

/** `none`: typed or bookmarked by the user; `same-site`: a sibling subdomain of the console. */
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'same-site', 'none']);

/**
 * Why the request must be refused as cross-site, or null when it may go on.
 * `consoleOrigin` comes from PUBLIC_URL; without it (local development) the origin of
 * the address the request came in on stands in.
 */
export function crossSiteRefusal(
  request: FastifyRequest,
  consoleOrigin: string | null,
): string | null {
  const site = request.headers['sec-fetch-site'];
  // Repeated headers arrive joined with a comma and are refused like any unknown value.
  if (site !== undefined && !ALLOWED_FETCH_SITES.has(site)) return `Sec-Fetch-Site: ${site}`;
  const origin = request.headers.origin;
  if (origin === undefined) return null;
  const expected = consoleOrigin ?? `${request.protocol}://${request.host}`;
  return origin === expected ? null : `Origin: ${origin}`;
}
