import type { SandboxDb } from './database';

/** `GET /v3/lab_test/lab_account`: the team's lab accounts, optionally one id or one status. */
export async function listLabAccounts(
  db: SandboxDb,
  teamId: string,
  filter: { lab_account_id?: string | undefined; status?: string | undefined },
): Promise<Record<string, unknown>[]> {
  let query = db.selectFrom('lab_account').select('document').where('team_id', '=', teamId);
  if (filter.lab_account_id) query = query.where('id', '=', filter.lab_account_id.toLowerCase());
  if (filter.status) query = query.where('status', '=', filter.status);
  const rows = await query.orderBy('id').execute();
  return rows.map((r) => JSON.parse(r.document) as Record<string, unknown>);
}
