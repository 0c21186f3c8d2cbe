import { describe, expect, it } from 'vitest';
import { MAX_RETRIES, retryAfterMs, retryAfterSeconds, retryWait } from './retry';

const now = Date.UTC(2026, 10, 23, 12, 0, 0);
const limits = { maxWaitMs: 5000, timeLeftMs: 30_000 };

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs(new Date(now + 2000).toUTCString(), now)).toBe(2000);
    expect(retryAfterMs(new Date(now - 2000).toUTCString(), now)).toBe(0);
    expect(retryAfterMs('-1', now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });

  it('tells the browser whole seconds, at least one', () => {
    expect(retryAfterSeconds('0')).toBe(1);
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds(undefined)).toBe(5);
  });
});

describe('retryWait', () => {
  it('retries a busy GET, MAX_RETRIES times at most', () => {
    expect(retryWait('GET', 503, '1', 0, limits)).toBe(1000);
    expect(retryWait('GET', 429, '1', MAX_RETRIES - 1, limits)).toBe(1000);
    expect(retryWait('GET', 429, '1', MAX_RETRIES, limits)).toBeNull();
  });

  it('never retries another method or another status', () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      expect(retryWait(method, 503, '0', 0, limits)).toBeNull();
    }
    for (const status of [200, 400, 500, 502, 504]) {
      expect(retryWait('GET', status, '0', 0, limits)).toBeNull();
    }
  });

  it('does not wait past its cap or past the deadline', () => {
    expect(retryWait('GET', 503, '6', 0, limits)).toBeNull();
    expect(retryWait('GET', 503, '2', 0, { maxWaitMs: 5000, timeLeftMs: 1500 })).toBeNull();
  });

  it('waits a little when the Lab API gives no Retry-After', () => {
    const wait = retryWait('GET', 503, undefined, 0, limits);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(limits.maxWaitMs);
  });
});
