/*
 * When a Lab API answer says "busy" (429 or 503), a GET may be asked again: it changes
 * nothing upstream. Anything else is never repeated by the BFF, since a second POST could
 * place a second order; the browser decides, with its idempotency key.
 */

/** Retries after the first attempt, at most. */
export const MAX_RETRIES = 2;
/** The wait before a retry when the Lab API gives no `Retry-After`. */
const DEFAULT_WAIT_MS = 250;

export const isBusy = (status: number) => status === 429 || status === 503;

/**
 * `Retry-After` as milliseconds from `now`: delay-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Null when absent or unreadable.
 */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Every HTTP-date form starts with the day's name; Date.parse alone takes "-1" as a year.
  const at = /^[A-Za-z]{3}/.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * How long to wait before asking again, or null when the answer is the final one: not a
 * GET, not busy, retries spent, or a wait longer than the cap or than the time left.
 */
export function retryWait(
  method: string,
  status: number,
  retryAfter: string | undefined,
  retriesDone: number,
  limits: { maxWaitMs: number; timeLeftMs: number },
): number | null {
  if (method !== 'GET' || !isBusy(status) || retriesDone >= MAX_RETRIES) return null;
  const wait = retryAfterMs(retryAfter) ?? Math.min(DEFAULT_WAIT_MS, limits.maxWaitMs);
  return wait <= limits.maxWaitMs && wait < limits.timeLeftMs ? wait : null;
}

/** The whole seconds the browser should wait, for the BFF's own `Retry-After`. */
export function retryAfterSeconds(retryAfter: string | undefined, fallbackSeconds = 5) {
  const ms = retryAfterMs(retryAfter);
  return ms === null ? fallbackSeconds : Math.max(1, Math.ceil(ms / 1000));
}
