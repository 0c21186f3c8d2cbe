import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '../../contract';
import type { Database } from '../platform/database/schema';

export type SsoAccountOutcome =
  | { ok: true; account: { id: string; email: string; name: string; role: Role } }
  | {
      ok: false;
      reason: 'disabled' | 'conflict';
      /** The account refused, for the audit row (the person is never told more). */
      account?: { id: string; role: Role };
      email?: string;
    };

/**
 * The console account of a person the identity provider signed in, found by issuer and
 * subject (an e-mail can change hands) and created on first sign-in. The role is taken
 * from the claims at every sign-in: the identity provider is where access is managed.
 * An e-mail already used by a password account is not taken over; the e-mail stays the
 * one of the first sign-in (an admin sees who it is).
 */
export async function accountForSubject(
  db: Kysely<Database>,
  person: { subject: string; email: string; name: string; role: Role },
  now: number,
): Promise<SsoAccountOutcome> {
  const existing = await db
    .selectFrom('console_account')
    .select(['id', 'email', 'status', 'role'])
    .where('oidc_subject', '=', person.subject)
    .executeTakeFirst();
  if (existing) {
    if (existing.status === 'disabled') {
      return {
        ok: false,
        reason: 'disabled',
        account: { id: existing.id, role: existing.role },
        email: existing.email,
      };
    }
    await db
      .updateTable('console_account')
      .set({ role: person.role, name: person.name })
      .where('id', '=', existing.id)
      .execute();
    return {
      ok: true,
      account: { id: existing.id, email: existing.email, name: person.name, role: person.role },
    };
  }
  const id = randomUUID();
  const inserted = await db
    .insertInto('console_account')
    .values({
      id,
      email: person.email,
      name: person.name,
      role: person.role,
      password_hash: '',
      status: 'active',
      oidc_subject: person.subject,
      created_at: now,
    })
    .onConflict((c) => c.column('email').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1)
    return { ok: false, reason: 'conflict' };
  return { ok: true, account: { id, email: person.email, name: person.name, role: person.role } };
}
