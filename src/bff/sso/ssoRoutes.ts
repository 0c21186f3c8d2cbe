import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import {
  SIGN_IN_OPTIONS_PATH,
  SSO_CALLBACK_PATH,
  SSO_LOGIN_PATH,
  type SignInOptions,
  type SsoError,
} from '../../contract';
import { recordSignIn } from '../platform/accounts/accounts';
import { auditSignIn } from '../platform/audit/signInAudit';
import type { Store } from '../platform/database/database';
import { createSession } from '../platform/session/sessions';
import { accountForSubject } from './ssoAccounts';
import { roleFromClaims, type SsoSettings } from './ssoConfig';

export interface SsoRoutesOptions {
  store: Store;
  settings: SsoSettings | null;
  cookieName: string;
  secureCookies: boolean;
  absoluteSeconds: number;
}

/** The browser's half of an attempt: a cookie only this path reads, for ten minutes. */
const ATTEMPT_COOKIE = 'lab_sso_attempt';
const ATTEMPT_SECONDS = 600;

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Only a path on this console: never an address elsewhere. */
const safeReturn = (value: unknown) =>
  typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) ? value : '/orders';

const isLoopback = (url: string) =>
  /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(url);

/**
 * The library's reason in one line for the log: its error code, the provider's error
 * (`invalid_grant`) and the check that failed underneath (a claim, the state). Never a token.
 */
function whyRefused(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown';
  const detail = error as Error & { code?: unknown; error?: unknown; cause?: unknown };
  const parts = [`${error.name}: ${error.message}`];
  if (typeof detail.code === 'string') parts.push(detail.code);
  if (typeof detail.error === 'string') parts.push(`error=${detail.error}`);
  const cause = detail.cause as { message?: unknown; claim?: unknown; code?: unknown } | undefined;
  if (cause && typeof cause === 'object') {
    if (typeof cause.message === 'string') parts.push(cause.message);
    if (typeof cause.claim === 'string') parts.push(`claim=${cause.claim}`);
    if (typeof cause.code === 'string') parts.push(cause.code);
  }
  return parts.join('; ');
}

/**
 * OpenID Connect sign-in: authorization code with PKCE, state and nonce, through
 * openid-client. The attempt (state, nonce, verifier) waits in the database under the
 * hash of a cookie, so it is used once, by the browser that started it, on any replica.
 * The identity provider's claim gives the role; no mapped role, no session.
 */
export function ssoRoutes(fastify: FastifyInstance, opts: SsoRoutesOptions) {
  const { db } = opts.store;
  const settings = opts.settings;

  fastify.get(
    SIGN_IN_OPTIONS_PATH,
    {
      config: {
        access: { public: 'the sign-in page asks before anyone is signed in' },
        audit: { none: 'says only whether single sign-on is offered, and its label' },
      },
    },
    () => {
      const body: SignInOptions = {
        sso: { enabled: settings !== null, label: settings?.label ?? '' },
      };
      return body;
    },
  );
  if (!settings) return;

  // Discovered at first use, so a console starts while its identity provider is down.
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        {
          client_secret: settings.clientSecret,
          ...(settings.clockSkewSeconds ? { [oidc.clockSkew]: settings.clockSkewSeconds } : {}),
        },
        undefined,
        // Plain HTTP only for an identity provider on this machine (development, tests).
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- loopback issuers only
        isLoopback(settings.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };

  const toSignIn = (reply: FastifyReply, error: SsoError) =>
    reply.redirect(`/sign-in?sso=${error}`, 303);

  /*
   * A refusal's row: the browser gets a redirect, so the row's outcome is the status a
   * refused sign-in has elsewhere (401; 403 for a disabled account), with the reason.
   */
  const refused = (
    request: FastifyRequest,
    error: SsoError,
    email: string | null,
    extra: { account?: { id: string; role: string } | null; missingClaim?: string } = {},
  ) =>
    auditSignIn(db, request, {
      email,
      account: extra.account ?? null,
      outcome: error === 'disabled' ? 403 : 401,
      reason: `sso-${error}`,
      ...(extra.missingClaim ? { detail: { missing_claim: extra.missingClaim } } : {}),
    });

  const attemptCookie = {
    path: '/auth/oidc',
    httpOnly: true,
    // The identity provider sends the browser back with a top-level GET from its site.
    sameSite: 'lax' as const,
    secure: opts.secureCookies,
  };

  fastify.get<{ Querystring: { return_to?: string } }>(SSO_LOGIN_PATH, async (request, reply) => {
    let config: oidc.Configuration;
    try {
      config = await configuration();
    } catch (error) {
      request.log.warn({ err: error }, 'identity provider discovery failed');
      await refused(request, 'unavailable', null);
      return toSignIn(reply, 'unavailable');
    }
    const attempt = randomBytes(32).toString('base64url');
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const now = Date.now();
    await db.deleteFrom('sso_attempt').where('expires_at', '<', now).execute();
    await db
      .insertInto('sso_attempt')
      .values({
        id_hash: hash(attempt),
        state,
        nonce,
        code_verifier: codeVerifier,
        return_to: safeReturn(request.query.return_to),
        expires_at: now + ATTEMPT_SECONDS * 1000,
      })
      .execute();
    const target = oidc.buildAuthorizationUrl(config, {
      redirect_uri: settings.redirectUri,
      scope: settings.scopes,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    reply.setCookie(ATTEMPT_COOKIE, attempt, { ...attemptCookie, maxAge: ATTEMPT_SECONDS });
    return reply.redirect(target.href, 303);
  });

  fastify.get(SSO_CALLBACK_PATH, async (request, reply) => {
    const attemptToken = request.cookies[ATTEMPT_COOKIE];
    reply.clearCookie(ATTEMPT_COOKIE, attemptCookie);
    if (!attemptToken) {
      await refused(request, 'failed', null);
      return toSignIn(reply, 'failed');
    }
    // Taken and removed at once: a replayed callback finds nothing.
    const attempt = await db
      .deleteFrom('sso_attempt')
      .where('id_hash', '=', hash(attemptToken))
      .returningAll()
      .executeTakeFirst();
    const now = Date.now();
    if (!attempt || attempt.expires_at < now) {
      await refused(request, 'failed', null);
      return toSignIn(reply, 'failed');
    }

    let claims: Record<string, unknown>;
    try {
      const config = await configuration();
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const tokens = await oidc.authorizationCodeGrant(
        config,
        new URL(`${settings.redirectUri}${query}`),
        {
          pkceCodeVerifier: attempt.code_verifier,
          expectedState: attempt.state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        },
      );
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      claims = { ...userinfo, ...idClaims };
    } catch (error) {
      // The reason (wrong state, used code, expired token) is for the log, not the page.
      request.log.warn({ reason: whyRefused(error) }, 'single sign-on refused');
      await refused(request, 'failed', null);
      return toSignIn(reply, 'failed');
    }

    const subject = `${String(claims.iss)}|${String(claims.sub)}`;
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
    const role = roleFromClaims(claims, settings);
    if (!email || !role) {
      request.log.info({ hasEmail: email !== null }, 'single sign-on without a mapped role');
      await refused(request, 'no-role', email, {
        missingClaim: email ? settings.roleClaim : 'email',
      });
      return toSignIn(reply, 'no-role');
    }
    const name = typeof claims.name === 'string' && claims.name ? claims.name : email;
    const outcome = await accountForSubject(db, { subject, email, name, role }, now);
    if (!outcome.ok) {
      await refused(request, outcome.reason, outcome.email ?? email, {
        account: outcome.account ?? null,
      });
      return toSignIn(reply, outcome.reason);
    }
    const { account } = outcome;
    const token = await createSession(db, account.id, now);
    await recordSignIn(db, account.id, now);
    await auditSignIn(db, request, {
      email: account.email,
      account: { id: account.id, role: account.role },
      outcome: 303,
      reason: 'sso-signed-in',
      at: now,
    });
    reply.setCookie(opts.cookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: opts.secureCookies,
      maxAge: opts.absoluteSeconds,
    });
    return reply.redirect(attempt.return_to, 303);
  });
}
