import type { Kysely } from 'kysely';
import { MAIL_KINDS, type MailKind, type OutboxMessage } from '../../contract/notifications';
import type { Database } from '../platform/database/schema';

export const OUTBOX_PAGE = 100;

/** The newest messages of the local outbox first. */
export async function readOutbox(
  db: Kysely<Database>,
  limit = OUTBOX_PAGE,
): Promise<OutboxMessage[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: (MAIL_KINDS as readonly string[]).includes(r.kind) ? (r.kind as MailKind) : 'digest',
    to: r.recipient,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
