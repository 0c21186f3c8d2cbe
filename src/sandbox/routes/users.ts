import { randomUUID } from 'node:crypto';
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import {
  createUserRequestSchema,
  undoDeleteUserQuerySchema,
  userInfoRequestSchema,
  usersQuerySchema,
} from '../../contract';
import { parseRequestPart } from '../http/validation';
import {
  DELETION_GRACE_MS,
  findUserByClientId,
  findUserById,
  findUsersPage,
  insertUser,
  releaseClientUserId,
  saveUserInfo,
  setDeletedAt,
  userInfoDocument,
  userInfoOf,
  userResponse,
  type UserRow,
} from '../store/users';
import { connectionsOf } from '../seed/providers';
import type { RouteContext } from './context';
import { parseBody, type Outcome } from './outcome';

/** The real service's words (docs/lab-api-facts.md §2, users). */
export const USER_GONE = 'The user does not or no longer exists in this team';
export const USER_DELETED_GET = 'You have scheduled this user for deletion.';
/** This sandbox's words: the real service's answer for a user without demographics is not documented. */
export const USER_INFO_MISSING = 'No demographics have been given for this user.';
export const USER_DELETED_AGAIN =
  'The user has been scheduled for deletion as per your previous request';

const userPathSchema = z.object({ user_id: z.guid() });
const clientUserPathSchema = z.object({ client_user_id: z.string().min(1) });
/** This sandbox's addition to GET /v2/user: a search for the patient list. */
const usersListQuerySchema = usersQuerySchema.extend({
  search: z.string().max(200).optional(),
});

function withinGrace(row: UserRow, now: Date): boolean {
  return row.deleted_at !== null && now.getTime() - Date.parse(row.deleted_at) < DELETION_GRACE_MS;
}

/** A user of this team that is not scheduled for deletion, or the answer to give instead. */
export async function findLiveTeamUser(
  ctx: RouteContext,
  userId: string,
): Promise<{ ok: true; row: UserRow } | { ok: false; outcome: Outcome }> {
  const row = await findUserById(ctx.db, userId);
  if (!row || row.team_id !== ctx.teamId || row.deleted_at !== null) {
    return { ok: false, outcome: { statusCode: 404, body: { detail: USER_GONE } } };
  }
  return { ok: true, row };
}

export const usersRoutes: FastifyPluginCallback<RouteContext> = (app, ctx, done) => {
  app.post('/v2/user', async (request, reply) => {
    const parsed = parseBody(createUserRequestSchema, request.body);
    if (!parsed.ok) return reply.code(parsed.outcome.statusCode).send(parsed.outcome.body);
    const existing = await findUserByClientId(ctx.db, ctx.teamId, parsed.value.client_user_id);
    if (existing && existing.deleted_at === null) {
      // Facts §2: idempotent on client_user_id, answering the existing user's id.
      return reply.code(400).send({
        detail: {
          error_type: 'INVALID_REQUEST',
          error_message: 'Client user id already exists.',
          user_id: existing.id,
          created_on: existing.created_on,
        },
      });
    }
    if (existing) await releaseClientUserId(ctx.db, existing);
    const row = await insertUser(ctx.db, {
      id: randomUUID(),
      team_id: ctx.teamId,
      created_on: ctx.now().toISOString(),
      request: parsed.value,
    });
    return userResponse(row, ctx.now());
  });

  app.get('/v2/user', async (request) => {
    const query = parseRequestPart(usersListQuerySchema, request.query, 'query');
    return findUsersPage(ctx.db, ctx.teamId, query, ctx.now());
  });

  // MetricsResult. Every live user has the same connections (seed/providers.ts), none errored;
  // the weekly series of new connections is not kept.
  app.get('/v2/user/metrics', async () => {
    const [users, orders] = await Promise.all([
      ctx.db
        .selectFrom('lab_user')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('team_id', '=', ctx.teamId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow(),
      ctx.db
        .selectFrom('lab_order')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('team_id', '=', ctx.teamId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      team_id: ctx.teamId,
      number_of_connected_sources: users.n * connectionsOf('', ctx.now()).length,
      number_of_users: users.n,
      number_of_errored_connected_sources: 0,
      number_of_connected_sources_by_week: [],
      number_of_ordered_tests: orders.n,
    };
  });

  app.get('/v2/user/:user_id', async (request, reply) => {
    const { user_id } = parseRequestPart(userPathSchema, request.params, 'path');
    const row = await findUserById(ctx.db, user_id);
    if (!row || row.team_id !== ctx.teamId || (row.deleted_at && !withinGrace(row, ctx.now()))) {
      return reply.code(404).send({ detail: USER_GONE });
    }
    if (row.deleted_at) return reply.code(404).send({ detail: USER_DELETED_GET });
    return userResponse(row, ctx.now());
  });

  app.get('/v2/user/resolve/:client_user_id', async (request, reply) => {
    const { client_user_id } = parseRequestPart(clientUserPathSchema, request.params, 'path');
    const row = await findUserByClientId(ctx.db, ctx.teamId, client_user_id);
    if (!row || row.deleted_at !== null) return reply.code(404).send({ detail: USER_GONE });
    return userResponse(row, ctx.now());
  });

  app.get('/v2/user/:user_id/info/latest', async (request, reply) => {
    const { user_id } = parseRequestPart(userPathSchema, request.params, 'path');
    const user = await findLiveTeamUser(ctx, user_id);
    if (!user.ok) return reply.code(user.outcome.statusCode).send(user.outcome.body);
    const info = userInfoOf(user.row);
    if (!info) return reply.code(404).send({ detail: USER_INFO_MISSING });
    return info;
  });

  app.patch('/v2/user/:user_id/info', async (request, reply) => {
    const { user_id } = parseRequestPart(userPathSchema, request.params, 'path');
    const parsed = parseBody(userInfoRequestSchema, request.body);
    if (!parsed.ok) return reply.code(parsed.outcome.statusCode).send(parsed.outcome.body);
    const user = await findLiveTeamUser(ctx, user_id);
    if (!user.ok) return reply.code(user.outcome.statusCode).send(user.outcome.body);
    const info = userInfoDocument(parsed.value, parsed.value.address);
    await saveUserInfo(ctx.db, user.row.id, info);
    return info;
  });

  app.delete('/v2/user/:user_id', async (request, reply) => {
    const { user_id } = parseRequestPart(userPathSchema, request.params, 'path');
    const row = await findUserById(ctx.db, user_id);
    if (!row || row.team_id !== ctx.teamId || (row.deleted_at && !withinGrace(row, ctx.now()))) {
      return reply.code(404).send({ detail: USER_GONE });
    }
    if (row.deleted_at) return reply.code(400).send({ detail: USER_DELETED_AGAIN });
    await setDeletedAt(ctx.db, row.id, ctx.now().toISOString());
    return { success: true };
  });

  app.post('/v2/user/undo_delete', async (request, reply) => {
    const query = parseRequestPart(undoDeleteUserQuerySchema, request.query, 'query');
    const row = query.user_id
      ? await findUserById(ctx.db, query.user_id)
      : await findUserByClientId(ctx.db, ctx.teamId, query.client_user_id ?? '');
    // Gone for good: another team's, erased after the grace, or its client_user_id reused.
    if (
      !row ||
      row.team_id !== ctx.teamId ||
      !withinGrace(row, ctx.now()) ||
      row.client_user_id.includes('\u0000')
    ) {
      return reply.code(404).send({ detail: USER_GONE });
    }
    await setDeletedAt(ctx.db, row.id, null);
    return { success: true };
  });
  done();
};
