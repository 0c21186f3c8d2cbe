import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_ACCOUNTS_PATH,
  INVITATION_ACCEPT_PATH,
  acceptInvitationSchema,
  accountChangeSchema,
  newAccountSchema,
  type InvitationLink,
  type AdminAccount,
} from '../../contract';
import { sendProblem, TITLES } from '../platform/http/problem';
import { appendAudit } from '../platform/audit/audit';
import type { Store } from '../platform/database/database';
import type { SessionEnds } from '../platform/session/sessionEnds';
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
 * Sends a password link to the account's own address (the notifications room's, handed in
 * by the composition root); the link is answered to the admin whether or not it went.
 */
export type PasswordLinkMail = (mail: {
  account: AdminAccount;
  link: string;
  purpose: 'invitation' | 'reset';
  expiresAt: string;
}) => Promise<void>;

/**
 * Console accounts for admins: list, invite, change role or status, reset a password,
 * end sessions; and the public call that sets an invited password. Every change, and
 * every refused attempt, leaves an audit row naming the account changed.
 */
export function accountRoutes(
  fastify: FastifyInstance,
  opts: {
    store: Store;
    sessionIdleSeconds: number;
    sessionEnds: SessionEnds;
    mailPasswordLink?: PasswordLinkMail;
  },
) {
  const { db } = opts.store;
  const item = `${ADMIN_ACCOUNTS_PATH}/:id`;
  const theAccount = (request: FastifyRequest) => (request.params as { id: string }).id;
  const accountList = {
    access: 'administration',
    audit: { recordType: 'console_account_list' },
  } as const;
  const oneAccount = {
    access: 'administration',
    audit: { recordType: 'console_account', recordId: theAccount },
  } as const;

  fastify.get(ADMIN_ACCOUNTS_PATH, { config: accountList }, async () => ({
    accounts: await listAdminAccounts(db, Date.now() - opts.sessionIdleSeconds * 1000),
  }));

  fastify.post(
    ADMIN_ACCOUNTS_PATH,
    // The new account's id is known once it exists: the handler names it for the row.
    { config: { access: 'administration', audit: { recordType: 'console_account' } } },
    async (request, reply) => {
      const parsed = newAccountSchema.safeParse(request.body);
      if (!parsed.success) {
        return refuse(reply, 400, 'An account needs an e-mail, a name and a role.');
      }
      const now = Date.now();
      const account = await createInvitedAccount(db, parsed.data, now);
      if (!account) return refuse(reply, 409, 'An account with this e-mail already exists.');
      request.auditedRecordId = account.id;
      const { token, expiresAt } = await issuePasswordLink(db, account.id, 'invitation', now);
      const body = linkBody(account, token, expiresAt);
      await opts.mailPasswordLink?.({
        account,
        link: body.link,
        purpose: 'invitation',
        expiresAt: body.expires_at,
      });
      return reply.status(201).send(body);
    },
  );

  fastify.patch<{ Params: { id: string } }>(
    item,
    { config: oneAccount },
    async (request, reply) => {
      const parsed = accountChangeSchema.safeParse(request.body);
      if (!parsed.success) {
        return refuse(
          reply,
          400,
          parsed.error.issues.find((i) => i.path[0] === 'name')?.message ??
            'Give a role, a name, or a status of active or disabled.',
        );
      }
      const actor = request.session?.account.id ?? '';
      const result = await changeAccount(db, actor, request.params.id, parsed.data);
      if (!result.ok) {
        const refusal = REFUSALS[result.refusal];
        return refuse(reply, refusal.status, refusal.detail);
      }
      request.auditedDetail = { changes: result.changes };
      if (result.endedSessions) opts.sessionEnds.announce(request.params.id, result.endedSessions);
      return result.account;
    },
  );

  fastify.post<{ Params: { id: string } }>(
    `${item}/password-link`,
    { config: oneAccount },
    async (request, reply) => {
      const result = await resetPassword(db, request.params.id, Date.now());
      if (result.ok) opts.sessionEnds.announce(request.params.id, 'password-reset');
      if (!result.ok) {
        if (result.refusal === 'not-found') return refuse(reply, 404, REFUSALS['not-found'].detail);
        return refuse(
          reply,
          409,
          result.refusal === 'sso'
            ? 'This account signs in through single sign-on: it has no password here.'
            : 'This account is disabled: enable it first.',
        );
      }
      const body = linkBody(result.account, result.token, result.expiresAt);
      await opts.mailPasswordLink?.({
        account: result.account,
        link: body.link,
        purpose: 'reset',
        expiresAt: body.expires_at,
      });
      return body;
    },
  );

  fastify.delete<{ Params: { id: string } }>(
    `${item}/sessions`,
    { config: oneAccount },
    async (request, reply) => {
      await endAccountSessions(db, request.params.id);
      opts.sessionEnds.announce(request.params.id, 'sessions-ended');
      return reply.status(204).send();
    },
  );

  // Public (see the /api guard): the link's token is the credential.
  fastify.post(
    INVITATION_ACCEPT_PATH,
    {
      config: {
        access: { public: 'the link’s one-time token is the credential; nobody is signed in yet' },
        audit: {
          none: 'nobody is signed in for the hook to name: the handler writes the row as the account the link belongs to, and an unknown or expired token is only logged',
        },
      },
    },
    async (request, reply) => {
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
    },
  );
}

function refuse(reply: FastifyReply, status: number, detail: string) {
  return sendProblem(
    reply,
    status,
    TITLES[status] ?? (status === 409 ? 'Conflict' : 'Refused'),
    detail,
  );
}
