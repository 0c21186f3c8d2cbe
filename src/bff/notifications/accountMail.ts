import type { Kysely } from 'kysely';
import type { AccountMail } from '../../contract/notifications';
import type { Database } from '../platform/database/schema';
import type { Mailer } from './mailer';
import { passwordLinkMail } from './messages';

export interface PasswordLinkToMail {
  account: { id: string; email: string; name: string };
  /** The console-relative link (`/invitation#token=…`). */
  link: string;
  purpose: 'invitation' | 'reset';
  expiresAt: string;
}

/**
 * E-mails an invitation or a reset link to the account's address and records on the
 * account whether the server took it: an admin sees a refused address and still has the
 * link to pass on by hand. The admin's call that made the link is the audit row; the
 * send is recorded here, on the account.
 */
export function passwordLinkMailer(db: Kysely<Database>, mailer: Mailer, publicUrl: string) {
  return async (mail: PasswordLinkToMail): Promise<void> => {
    const receipt = await mailer.send(
      passwordLinkMail({
        to: mail.account.email,
        name: mail.account.name,
        link: `${publicUrl.replace(/\/$/, '')}${mail.link}`,
        purpose: mail.purpose,
        expiresAt: mail.expiresAt,
      }),
    );
    const at = Date.now();
    const row = {
      purpose: mail.purpose,
      state: receipt.accepted ? ('sent' as const) : ('refused' as const),
      error: receipt.accepted ? null : receipt.error,
      at,
    };
    await db
      .insertInto('account_mail')
      .values({ account_id: mail.account.id, ...row })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(row))
      .execute();
  };
}

export async function accountMailList(db: Kysely<Database>): Promise<AccountMail[]> {
  const rows = await db.selectFrom('account_mail').selectAll().orderBy('at', 'desc').execute();
  return rows.map((r) => ({
    account_id: r.account_id,
    purpose: r.purpose,
    state: r.state,
    error: r.error,
    at: new Date(r.at).toISOString(),
  }));
}
