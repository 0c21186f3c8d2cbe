import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ACCOUNT_DISABLED_CODE,
  ACCOUNT_DISABLED_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  SESSION_PATH,
  loginRequestSchema,
  type SessionResponse,
  type SignInReason,
} from '../../contract';
import { auditSignIn } from '../platform/audit/signInAudit';
import type { Upstream } from '../platform/labApi/upstream';
import { sendProblem } from '../platform/http/problem';
import { DECOY_HASH, verifyPassword } from '../platform/accounts/passwords';
import { findAccountByEmail, recordSignIn, toPublicAccount } from '../platform/accounts/accounts';
import type { Store } from '../platform/database/database';
import {
  accountLockedFor,
  addressThrottledFor,
  clearAccountFailures,
  recordLoginFailure,
} from './loginFailures';
import { createSession, endSession, type ActiveSession } from '../platform/session/sessions';

export interface SessionRoutesOptions {
  store: Store;
  upstream: Upstream;
  cookieName: string;
  secureCookies: boolean;
  idleSeconds: number;
  absoluteSeconds: number;
}

/** Sign in (`POST`), who am I (`GET`), sign out (`DELETE`). */
export function sessionRoutes(fastify: FastifyInstance, opts: SessionRoutesOptions) {
  const { db } = opts.store;

  const describe = (session: Pick<ActiveSession, 'account' | 'expiresAt'>): SessionResponse => ({
    account: toPublicAccount(session.account),
    upstream: { environment: opts.upstream.environment, region: opts.upstream.region },
    idle_timeout_seconds: opts.idleSeconds,
    expires_at: new Date(session.expiresAt).toISOString(),
  });

  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(opts.cookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: opts.secureCookies,
      // The server enforces both timeouts; the cookie only needs to outlive the absolute one.
      maxAge: opts.absoluteSeconds,
    });

  /* 429 with Retry-After in whole seconds (RFC 9110), and the wait in words. */
  const tooMany = (reply: FastifyReply, waitMs: number, detail: string) => {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    reply.header('retry-after', String(seconds));
    const wait = seconds > 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
    return sendProblem(reply, 429, 'Too many sign-in attempts', `${detail} Try again in ${wait}.`);
  };

  fastify.post(
    SESSION_PATH,
    {
      config: {
        access: { public: 'signing in is how a session starts' },
        audit: {
          none: 'nobody is signed in for the hook to name: the handler writes one sign-in row per attempt, with the e-mail tried and the address (signInAudit.ts)',
        },
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const parsed = loginRequestSchema.safeParse(request.body);
      // Counted per e-mail tried, known or not: the answer never tells which accounts exist.
      const email = parsed.success ? parsed.data.email.toLowerCase() : null;
      const account = email ? await findAccountByEmail(db, email) : undefined;
      const audit = (outcome: number, reason: SignInReason) =>
        auditSignIn(db, request, {
          email,
          account: account ? { id: account.id, role: account.role } : null,
          outcome,
          reason,
          at: now,
        });
      const addressWait = await addressThrottledFor(db, request.ip, now);
      if (addressWait > 0) {
        await audit(429, 'address-throttled');
        return tooMany(reply, addressWait, 'Too many failed sign-ins from this address.');
      }
      const accountWait = email ? await accountLockedFor(db, email, now) : 0;
      if (accountWait > 0) {
        await audit(429, 'account-locked');
        return tooMany(reply, accountWait, 'Too many failed sign-ins for this account.');
      }
      // An account without a password (invited, single sign-on) costs as long as a wrong one.
      const valid = await verifyPassword(
        parsed.success ? parsed.data.password : '',
        account?.password_hash || DECOY_HASH,
      );
      if (!parsed.success || !account || !valid || account.status === 'invited') {
        await recordLoginFailure(db, { address: request.ip, email }, now);
        await audit(401, 'wrong-credentials');
        return sendProblem(reply, 401, 'Sign-in failed', LOGIN_FAILED_MESSAGE);
      }
      // Only whoever knows the password learns that the account is disabled.
      if (account.status === 'disabled') {
        await audit(403, 'account-disabled');
        return sendProblem(reply, 403, 'Account disabled', ACCOUNT_DISABLED_MESSAGE, {
          code: ACCOUNT_DISABLED_CODE,
        });
      }
      await clearAccountFailures(db, account.email);
      if (request.session) await endSession(db, request.session.tokenHash);
      const token = await createSession(db, account.id, now);
      await recordSignIn(db, account.id, now);
      await audit(200, 'signed-in');
      setCookie(reply, token);
      return describe({ account, expiresAt: now + opts.absoluteSeconds * 1000 });
    },
  );

  const ownSession = {
    access: { signedIn: 'any account may see and end its own session' },
    audit: { none: 'the caller’s own account and session only: no patient data' },
  } as const;

  fastify.get(SESSION_PATH, { config: ownSession }, (request, reply) => {
    if (!request.session) return sendProblem(reply, 401, 'Sign-in required');
    return describe(request.session);
  });

  fastify.delete(
    SESSION_PATH,
    {
      config: {
        access: ownSession.access,
        audit: {
          none: 'the handler writes the sign-out row itself, beside the sign-ins (signInAudit.ts)',
        },
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (session) {
        await endSession(db, session.tokenHash);
        await auditSignIn(db, request, {
          email: session.account.email,
          account: { id: session.account.id, role: session.account.role },
          outcome: 204,
          reason: 'signed-out',
        });
      }
      reply.clearCookie(opts.cookieName, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: opts.secureCookies,
      });
      return reply.status(204).send();
    },
  );
}
