import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DEPRECATED_MANAGEMENT_KEY_HEADER,
  MANAGEMENT_KEY_HEADER,
  MANAGEMENT_SCOPE_DETAIL,
  UNAUTHORIZED_DETAIL,
  type ManagementKeyRole,
} from '../../contract';
import type { SandboxDb } from '../store/database';

/** Who a management key is: the whole organisation, or some of its teams. */
export interface KeyHolder {
  role: ManagementKeyRole;
  teamIds: readonly string[];
}

export const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** `mg_` and random (docs/lab-api-facts.md §10: management keys start so). */
export const newManagementKey = () => `mg_${randomBytes(24).toString('base64url')}`;
export const newId = () => randomUUID();

/**
 * Reads the key from `X-Management-Key`, or the deprecated `X-Service-Org-Key`. A team
 * API key is not a management key: it is simply not found (401), as any other string.
 */
export async function keyHolder(
  db: SandboxDb,
  hostKeyDigest: string,
  request: FastifyRequest,
): Promise<KeyHolder | null> {
  const presented =
    request.headers[MANAGEMENT_KEY_HEADER] ?? request.headers[DEPRECATED_MANAGEMENT_KEY_HEADER];
  if (typeof presented !== 'string' || presented === '') return null;
  const presentedDigest = digest(presented);
  // Digests are compared, never the keys: equal lengths, and the store looks up by digest.
  if (presentedDigest === hostKeyDigest) return { role: 'org_admin', teamIds: [] };
  const row = await db
    .selectFrom('management_key')
    .select(['role', 'team_ids'])
    .where('key_digest', '=', presentedDigest)
    .executeTakeFirst();
  if (!row) return null;
  return { role: row.role, teamIds: JSON.parse(row.team_ids) as string[] };
}

export const unauthorized = (reply: FastifyReply) =>
  reply.code(401).send({ detail: UNAUTHORIZED_DETAIL });

/** Team keys reach only their teams; organisation resources need an Org key. */
export function refuseScope(reply: FastifyReply) {
  return reply.code(403).send({ detail: MANAGEMENT_SCOPE_DETAIL });
}

export const reachesOrganisation = (holder: KeyHolder) => holder.role === 'org_admin';
export const reachesTeam = (holder: KeyHolder, teamId: string) =>
  holder.role === 'org_admin' || holder.teamIds.includes(teamId);
