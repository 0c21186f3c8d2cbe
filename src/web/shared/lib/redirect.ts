/** Where a signed-in user lands when no (safe) place to return to was given. */
export const DEFAULT_AFTER_SIGN_IN = '/orders';

const BASE = 'https://console.invalid';

/**
 * The `redirect` search parameter comes from the address bar, so anyone can craft
 * it: only a same-origin relative path is kept (`/orders/1?x=y#z`), never
 * `//evil.example`, `/\evil.example`, `https://…`, `javascript:…` or a way back to
 * the sign-in page itself.
 */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || /^\/[/\\]/.test(value) || /[\u0000-\u001f\\]/.test(value)) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (url.origin !== BASE) return DEFAULT_AFTER_SIGN_IN;
  if (url.pathname === '/sign-in' || url.pathname.startsWith('/api/')) return DEFAULT_AFTER_SIGN_IN;
  return `${url.pathname}${url.search}${url.hash}`;
}
