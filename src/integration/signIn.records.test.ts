import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../bff/config';
import { ACCOUNT_FAILURE_LIMIT, ACCOUNT_LOCKOUT_MS } from '../bff/signIn/loginFailures';
import { PASSWORD, accountEmail, startStack, type Stack } from './stack';

/* Sign-in hashes a password per try (deliberately slow): these tests make dozens. */
const SLOW = 60_000;

/*
 * Sign-in throttling an attacker cannot walk around: not by writing a new
 * X-Forwarded-For on every try, not by spreading tries for one account over many
 * addresses (OWASP ASVS 5.0 V6.3.1). The BFF is configured as an operator would, through
 * TRUST_PROXY.
 */

const stacks: Stack[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const stack of stacks.splice(0)) await stack.close();
});

async function stackTrusting(trustProxy: string) {
  const stack = await startStack({
    trustProxy: parseConfig({ TRUST_PROXY: trustProxy }).trustProxy,
  });
  stacks.push(stack);
  return stack;
}

const signIn = (
  stack: Stack,
  email: string,
  password: string,
  from: { remoteAddress: string; forwardedFor?: string },
) =>
  stack.request(null, 'POST', '/api/session', {
    headers: {
      'content-type': 'application/json',
      ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}),
    },
    body: JSON.stringify({ email, password }),
    remoteAddress: from.remoteAddress,
  });

/** Six failed tries for six different e-mails: only the address limit can stop the sixth. */
async function sixTries(
  stack: Stack,
  from: (i: number) => { remoteAddress: string; forwardedFor?: string },
) {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    statuses.push(
      (await signIn(stack, `nobody${i}@stack.test`, 'wrong-password', from(i))).statusCode,
    );
  }
  return statuses;
}

describe('sign-in throttling behind a proxy', () => {
  it('refuses TRUST_PROXY=true, which would believe any forwarded address', () => {
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow(/number of proxies/);
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });

  it(
    'with one trusted hop, a client rotating X-Forwarded-For still meets the limit',
    async () => {
      const stack = await stackTrusting('1');
      // The client writes any left part; the proxy (10.0.0.5) appends the address it saw.
      const statuses = await sixTries(stack, (i) => ({
        remoteAddress: '10.0.0.5',
        forwardedFor: `203.0.113.${i + 1}, 198.51.100.20`,
      }));
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    },
    SLOW,
  );

  it(
    'with trusted proxy ranges, believes only proxies in them',
    async () => {
      const stack = await stackTrusting('10.0.0.0/8, 127.0.0.1');
      const behindProxy = await sixTries(stack, (i) => ({
        remoteAddress: '10.0.0.5',
        forwardedFor: `203.0.113.${i + 1}, 198.51.100.21`,
      }));
      expect(behindProxy).toEqual([401, 401, 401, 401, 401, 429]);
      // Straight from outside, a forged header is not believed: the socket's address counts.
      const direct = await sixTries(stack, (i) => ({
        remoteAddress: '192.0.2.9',
        forwardedFor: `10.0.0.${i + 1}`,
      }));
      expect(direct).toEqual([401, 401, 401, 401, 401, 429]);
    },
    SLOW,
  );
});

describe('sign-in throttling per account', () => {
  it(
    'locks an account tried from twelve addresses, briefly, and says for how long',
    async () => {
      const stack = await stackTrusting('false');
      const admin = accountEmail('admin');
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const response = await signIn(stack, admin, `guess-${i}`, {
          remoteAddress: `203.0.113.${i + 1}`,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([
        ...Array<number>(ACCOUNT_FAILURE_LIMIT).fill(401),
        ...Array<number>(12 - ACCOUNT_FAILURE_LIMIT).fill(429),
      ]);
      // Even the right password waits, or the lock would only tell guesses apart.
      const owner = await signIn(stack, admin, PASSWORD, { remoteAddress: '198.51.100.77' });
      expect(owner.statusCode).toBe(429);
      const retryAfter = Number(owner.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(ACCOUNT_LOCKOUT_MS / 1000);
      expect(owner.json()).toMatchObject({
        detail: expect.stringMatching(/try again in \d+ minutes/i) as unknown,
      });
      // Other accounts are not affected.
      expect(
        (await signIn(stack, accountEmail('ops'), PASSWORD, { remoteAddress: '198.51.100.78' }))
          .statusCode,
      ).toBe(200);

      // Once the Retry-After has passed, the owner signs in.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + retryAfter * 1000);
      const later = await signIn(stack, admin, PASSWORD, { remoteAddress: '198.51.100.77' });
      expect(later.statusCode).toBe(200);
    },
    SLOW,
  );
});
