import type { FastifyInstance } from 'fastify';
import {
  ADMIN_ACCOUNTS_PATH,
  INVITATION_ACCEPT_PATH,
  acceptInvitationSchema,
  accountChangeSchema,
  newAccountSchema,
  type InvitationLink,
  type AdminAccount,
} from '../../contract';
import { sendProblem } from '../platform/http/problem';
import { appendAudit } from '../platform/audit/audit';
import type { Store } from '../platform/database/database';
import {
  acceptPasswordLink,
  changeAccount,
  createInvitedAccount,
  endAccountSessions,
  issuePasswordLink,
  listAdminAccounts,
  resetPassword,
  type ChangeRefusal,
} from './accountStore';
import { adminCall } from '../platform/access/adminCall';

/** Where the SPA's page to set a password is; the token rides in the fragment, never sent to a server. */
export const invitationPath = (token: string) => `/invitation#token=${token}`;

const REFUSALS: Record<ChangeRefusal, { status: number; detail: string }> = {
  'not-found': { status: 404, detail: 'No such account.' },
  'last-admin': {
    status: 409,
    detail: 'This is the last active admin: make another account an admin first.',
  },
  'own-admin': {
    status: 409,
    detail: 'You cannot take the admin role or access from your own account.',
  },
  'sso-role': {
    status: 409,
    detail: 'This account signs in through single sign-on: its identity provider gives its role.',
  },
};

const linkBody = (account: AdminAccount, token: string, expiresAt: number): InvitationLink => ({
  account,
  link: invitationPath(token),
  expires_at: new Date(expiresAt).toISOString(),
});

/**
 * Console accounts for admins: list, invite, change role or status, reset a password,
 * end sessions; and the public call that sets an invited password. Every change, and
 * every refused attempt, leaves an audit row naming the account changed.
 */
export function accountRoutes(
  fastify: FastifyInstance,
  opts: { store: Store; sessionIdleSeconds: number },
) {
  const { db } = opts.store;
  const admin = adminCall(db);
  const item = `${ADMIN_ACCOUNTS_PATH}/:id`;

  fastify.get(ADMIN_ACCOUNTS_PATH, (request, reply) =>
    admin(
      request,
      reply,
      { action: `GET ${ADMIN_ACCOUNTS_PATH}`, recordType: 'console_account_list', recordId: null },
      async () => ({
        status: 200,
        body: {
          accounts: await listAdminAccounts(db, Date.now() - opts.sessionIdleSeconds * 1000),
        },
      }),
    ),
  );

  fastify.post(ADMIN_ACCOUNTS_PATH, (request, reply) =>
    admin(
      request,
      reply,
      { action: `POST ${ADMIN_ACCOUNTS_PATH}`, recordType: 'console_account', recordId: null },
      async () => {
        const parsed = newAccountSchema.safeParse(request.body);
        if (!parsed.success) {
          return { status: 400, detail: 'An account needs an e-mail, a name and a role.' };
        }
        const now = Date.now();
        const account = await createInvitedAccount(db, parsed.data, now);
        if (!account) {
          return { status: 409, detail: 'An account with this e-mail already exists.' };
        }
        const { token, expiresAt } = await issuePasswordLink(db, account.id, 'invitation', now);
        return { status: 201, recordId: account.id, body: linkBody(account, token, expiresAt) };
      },
    ),
  );

  fastify.patch<{ Params: { id: string } }>(item, (request, reply) =>
    admin(
      request,
      reply,
      { action: `PATCH ${item}`, recordType: 'console_account', recordId: request.params.id },
      async () => {
        const parsed = accountChangeSchema.safeParse(request.body);
        if (!parsed.success) {
          return { status: 400, detail: 'Give a role, or a status of active or disabled.' };
        }
        const actor = request.session?.account.id ?? '';
        const result = await changeAccount(db, actor, request.params.id, parsed.data);
        if (!result.ok) return REFUSALS[result.refusal];
        return { status: 200, body: result.account };
      },
    ),
  );

  fastify.post<{ Params: { id: string } }>(`${item}/password-link`, (request, reply) =>
    admin(
      request,
      reply,
      {
        action: `POST ${item}/password-link`,
        recordType: 'console_account',
        recordId: request.params.id,
      },
      async () => {
        const result = await resetPassword(db, request.params.id, Date.now());
        if (!result.ok) {
          if (result.refusal === 'not-found') return REFUSALS['not-found'];
          return {
            status: 409,
            detail:
              result.refusal === 'sso'
                ? 'This account signs in through single sign-on: it has no password here.'
                : 'This account is disabled: enable it first.',
          };
        }
        return { status: 200, body: linkBody(result.account, result.token, result.expiresAt) };
      },
    ),
  );

  fastify.delete<{ Params: { id: string } }>(`${item}/sessions`, (request, reply) =>
    admin(
      request,
      reply,
      {
        action: `DELETE ${item}/sessions`,
        recordType: 'console_account',
        recordId: request.params.id,
      },
      async () => {
        await endAccountSessions(db, request.params.id);
        return { status: 204 };
      },
    ),
  );

  // Public (see the /api guard): the link's token is the credential. Audited as the
  // account it belongs to; an unknown or expired token is only logged.
  fastify.post(INVITATION_ACCEPT_PATH, async (request, reply) => {
    const parsed = acceptInvitationSchema.safeParse(request.body);
    if (!parsed.success) {
      return sendProblem(
        reply,
        400,
        'Bad request',
        parsed.error.issues.find((i) => i.path[0] === 'password')?.message ??
          'This link is not valid.',
      );
    }
    const now = Date.now();
    const account = await acceptPasswordLink(db, parsed.data.token, parsed.data.password, now);
    if (!account) {
      request.log.info('password link refused');
      return sendProblem(
        reply,
        410,
        'Link no longer valid',
        'This link has expired or was already used. Ask an administrator for a new one.',
      );
    }
    await appendAudit(db, {
      at: now,
      account_id: account.id,
      account_email: account.email,
      role: account.role,
      action: `POST ${INVITATION_ACCEPT_PATH}`,
      record_type: 'console_account',
      record_id: account.id,
      outcome: 204,
      request_id: request.id,
    });
    return reply.status(204).send();
  });
}
