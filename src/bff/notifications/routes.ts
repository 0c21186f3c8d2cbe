import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ACCOUNT_MAIL_PATH,
  CRITICAL_RECIPIENTS_PATH,
  DIGEST_SEND_PATH,
  ESCALATION_POLICIES_PATH,
  MAIL_OUTBOX_PATH,
  NOTIFICATION_PREFERENCES_PATH,
  RESULT_NOTIFICATIONS_PATH,
  escalationPolicyBodySchema,
  notificationPreferencesSchema,
  policyTeamSchema,
  type CriticalRecipients,
  type MailOutbox,
} from '../../contract/notifications';
import { sendProblem } from '../platform/http/problem';
import type { Store } from '../platform/database/database';
import { accountMailList } from './accountMail';
import type { DigestJob } from './digest';
import { escalationsOf } from './history';
import type { Mailer } from './mailer';
import { readOutbox } from './outbox';
import {
  firstTier,
  lastTier,
  listPolicies,
  policyFor,
  savePolicy,
  type DefaultPolicy,
} from './policies';
import { preferencesOf, savePreferences } from './preferences';

export interface NotificationRoutesOptions {
  store: Store;
  mailer: Mailer;
  digest: DigestJob;
  defaults: DefaultPolicy;
}

const orderIdQuery = z.object({ order_id: z.uuid() });
const recipientsQuery = z.object({
  team_id: policyTeamSchema.optional(),
  npi: z
    .string()
    .regex(/^\d{10}$/)
    .optional(),
});

function orderIdAsked(request: FastifyRequest): string | null {
  return orderIdQuery.safeParse(request.query).data?.order_id ?? null;
}

function signedInAccount(request: FastifyRequest) {
  const account = request.session?.account;
  // The access hook has refused callers without a session before any handler runs.
  if (!account) throw new Error('notification preferences reached without a session');
  return account;
}

/**
 * The console's notification endpoints: the local outbox and the escalation policies
 * (admins), who would be told of a critical now (admins), a result's notices (result
 * readers) and each account's own preferences.
 */
export function notificationRoutes(fastify: FastifyInstance, opts: NotificationRoutesOptions) {
  const { db } = opts.store;

  fastify.get(
    MAIL_OUTBOX_PATH,
    { config: { access: 'administration', audit: { recordType: 'mail_outbox' } } },
    async (_request, reply) => {
      const body: MailOutbox = { transport: opts.mailer.transport, messages: await readOutbox(db) };
      reply.header('cache-control', 'no-store');
      return body;
    },
  );

  fastify.post(
    DIGEST_SEND_PATH,
    { config: { access: 'administration', audit: { recordType: 'notification_digest' } } },
    async () => opts.digest.send(),
  );

  fastify.get(
    ACCOUNT_MAIL_PATH,
    { config: { access: 'administration', audit: { recordType: 'console_account_list' } } },
    async () => ({ accounts: await accountMailList(db) }),
  );

  fastify.get(
    ESCALATION_POLICIES_PATH,
    { config: { access: 'administration', audit: { recordType: 'escalation_policy' } } },
    async () => ({ policies: await listPolicies(db, opts.defaults) }),
  );

  fastify.put<{ Params: { teamId: string } }>(
    `${ESCALATION_POLICIES_PATH}/:teamId`,
    {
      config: {
        access: 'administration',
        audit: {
          recordType: 'escalation_policy',
          recordId: (request) => (request.params as { teamId: string }).teamId,
        },
      },
    },
    async (request, reply) => {
      const team = policyTeamSchema.safeParse(request.params.teamId);
      if (!team.success) {
        return sendProblem(reply, 404, 'Not found', 'A policy belongs to a team id or `default`.');
      }
      const body = escalationPolicyBodySchema.safeParse(request.body);
      if (!body.success) {
        return sendProblem(
          reply,
          400,
          'Bad request',
          'A policy needs the minutes before the last tier (1 to 1440) and at most 20 e-mail addresses.',
        );
      }
      await savePolicy(
        db,
        team.data,
        body.data,
        request.session?.account.email ?? null,
        Date.now(),
      );
      const saved = (await listPolicies(db, opts.defaults)).find((p) => p.team_id === team.data);
      return saved;
    },
  );

  fastify.get(
    CRITICAL_RECIPIENTS_PATH,
    { config: { access: 'administration', audit: { recordType: 'escalation_policy' } } },
    async (request, reply) => {
      const query = recipientsQuery.safeParse(request.query);
      if (!query.success) {
        return sendProblem(reply, 400, 'Bad request', 'team_id is a team id; npi has 10 digits.');
      }
      const teamId = query.data.team_id ?? 'default';
      const policy = await policyFor(db, teamId === 'default' ? null : teamId, opts.defaults);
      const first = await firstTier(db, query.data.npi ?? null);
      const body: CriticalRecipients = {
        team_id: teamId,
        first_tier_rule: first.rule,
        first_tier: first.recipients,
        next_tier_minutes: policy.nextTierMinutes,
        last_tier: await lastTier(db, policy.lastTier),
      };
      return body;
    },
  );

  fastify.get(
    RESULT_NOTIFICATIONS_PATH,
    { config: { access: 'results.read', audit: { recordType: 'order', recordId: orderIdAsked } } },
    async (request, reply) => {
      const query = orderIdQuery.safeParse(request.query);
      if (!query.success) return sendProblem(reply, 400, 'Bad request', 'order_id must be a UUID.');
      reply.header('cache-control', 'no-store');
      return { escalations: await escalationsOf(db, query.data.order_id) };
    },
  );

  const ownPreferences = {
    access: { signedIn: 'every account chooses which notices it gets' },
    audit: {
      recordType: 'notification_preferences',
      recordId: (request: FastifyRequest) => request.session?.account.id ?? null,
    },
  } as const;

  fastify.get(NOTIFICATION_PREFERENCES_PATH, { config: ownPreferences }, async (request) =>
    preferencesOf(db, signedInAccount(request).id),
  );

  fastify.put(NOTIFICATION_PREFERENCES_PATH, { config: ownPreferences }, async (request, reply) => {
    const account = signedInAccount(request);
    const body = notificationPreferencesSchema.safeParse(request.body);
    if (!body.success) {
      return sendProblem(
        reply,
        400,
        'Bad request',
        body.error.issues[0]?.message ?? 'These preferences are not valid.',
      );
    }
    await savePreferences(db, account.id, body.data, Date.now());
    return preferencesOf(db, account.id);
  });
}
