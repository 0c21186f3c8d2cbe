import { createHash, createHmac } from 'node:crypto';
import type { Store } from '../platform/database/database';
import { claimIdempotencyKey, readServerSecret, settleIdempotencyKey } from './idempotencyKeys';

const KEY_HEADER = 'x-idempotency-key';
const CLIENT_KEY = /^[\x21-\x7e]{1,255}$/;
/**
 * The requests a key can make once only: creations and changes. A read carrying a key
 * (a client that sets it on every request) is answered as a read, and the key stays here.
 */
const KEYED_METHODS: ReadonlySet<string> = new Set(['POST', 'PATCH']);
/** How often a request waits to see whether the first one with its key has its answer. */
const POLL_MS = 50;

export type ScopedKey =
  | {
      kind: 'forward';
      /** The request headers with the browser's key replaced by the account's own. */
      headers: Record<string, string>;
      /** Runs the Lab API call, then marks the key answered for requests waiting on it. */
      during<T>(call: () => Promise<T>): Promise<T>;
    }
  | { kind: 'refused'; status: 400 | 409 | 422; title: string; detail: string };

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * Idempotency keys scoped per account (IETF draft "The Idempotency-Key HTTP Header
 * Field"). The Lab API sees one team key for everyone, so a key the browser chose cannot
 * go there as is: one account could replay another's order. The Lab API gets an HMAC
 * of the account, the browser's key and the request instead, and the BFF remembers
 * which request each account's key was first used for:
 * - the same key for another request is refused with 422, whatever the Lab API would do;
 * - while the first request with a key is with the Lab API, repeats wait for it, then
 *   get its answer replayed by the Lab API: concurrent double submissions make one order;
 *   one still waiting after `waitMs` gets 409 and may retry.
 */
export class IdempotencyScope {
  private secret: Promise<string> | null = null;

  constructor(
    private readonly store: Store,
    private readonly waitMs: number,
  ) {}

  async scope(
    accountId: string,
    headers: Record<string, string>,
    request: { method: string; pathAndQuery: string; body: string | undefined },
  ): Promise<ScopedKey> {
    if (!KEYED_METHODS.has(request.method)) {
      const read = Object.fromEntries(
        Object.entries(headers).filter(([name]) => name !== KEY_HEADER),
      );
      return { kind: 'forward', headers: read, during: (call) => call() };
    }
    const clientKey = headers[KEY_HEADER];
    const forward = {
      kind: 'forward' as const,
      headers,
      during: <T>(call: () => Promise<T>) => call(),
    };
    if (clientKey === undefined) return forward;
    if (!CLIENT_KEY.test(clientKey)) {
      return {
        kind: 'refused',
        status: 400,
        title: 'Invalid idempotency key',
        detail: 'X-Idempotency-Key must be 1 to 255 visible ASCII characters.',
      };
    }
    const fingerprint = sha256(
      JSON.stringify([request.method, request.pathAndQuery, request.body ?? null]),
    );
    const claim = { accountId, keyHash: sha256(clientKey), fingerprint };
    this.secret ??= readServerSecret(this.store.db, 'idempotency');
    const upstreamKey = createHmac('sha256', await this.secret)
      .update(JSON.stringify([accountId, clientKey, fingerprint]))
      .digest('base64url');
    const scoped = { ...forward, headers: { ...headers, [KEY_HEADER]: upstreamKey } };

    const deadline = Date.now() + this.waitMs;
    for (;;) {
      const now = Date.now();
      const state = await claimIdempotencyKey(this.store.db, claim, now);
      if (state.kind === 'mismatch') {
        return {
          kind: 'refused',
          status: 422,
          title: 'Idempotency key already used',
          detail:
            'This idempotency key was already used for a different request. Send a new key with a new request.',
        };
      }
      if (state.kind === 'done') return scoped;
      if (state.kind === 'claimed') {
        return {
          ...scoped,
          during: async <T>(call: () => Promise<T>) => {
            try {
              return await call();
            } finally {
              await settleIdempotencyKey(this.store.db, claim);
            }
          },
        };
      }
      // A claim older than a whole wait lost its replica mid-call; the Lab API has the
      // key (replaying or refusing), so going on cannot create a second order.
      if (now - state.claimedAt > this.waitMs) return scoped;
      if (now >= deadline) {
        return {
          kind: 'refused',
          status: 409,
          title: 'Request in progress',
          detail: 'A request with this idempotency key is still in progress. Retry shortly.',
        };
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
