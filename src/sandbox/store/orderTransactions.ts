import type { SandboxDb } from './database';
import { findResults } from './lifecycle';

export interface TransactionAnswer {
  id: string;
  team_id: string;
  status: string;
  orders: {
    id: string;
    origin: string | null;
    parent_id: string | null;
    last_status: string;
    last_status_created_at: string;
    created_at: string;
    updated_at: string;
  }[];
}

/** `GET /v3/order_transaction/{id}`: the transaction with its orders, oldest first. */
export async function findTransaction(
  db: SandboxDb,
  teamId: string,
  transactionId: string,
): Promise<TransactionAnswer | undefined> {
  const transaction = await db
    .selectFrom('order_transaction')
    .select(['id', 'team_id', 'status'])
    .where('team_id', '=', teamId)
    .where('id', '=', transactionId.toLowerCase())
    .executeTakeFirst();
  if (!transaction) return undefined;
  const orders = await db
    .selectFrom('lab_order')
    .select([
      'id',
      'origin',
      'parent_id',
      'low_level_status',
      'last_status_created_at',
      'created_at',
      'updated_at',
    ])
    .where('order_transaction_id', '=', transaction.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    ...transaction,
    orders: orders.map(({ low_level_status, ...order }) => ({
      ...order,
      last_status: low_level_status,
    })),
  };
}

interface StoredResults {
  metadata?: Record<string, unknown>;
  results?: ({
    slug?: string;
    name: string;
    result: string;
    unit?: string | null;
    reference_range?: string | null;
    interpretation?: string | null;
  } & Record<string, unknown>)[];
  missing_results?: ({ slug?: string; name: string } & Record<string, unknown>)[];
  [member: string]: unknown;
}

/**
 * The combined result of a transaction: every attempt's results, a later attempt's value of
 * a marker replacing an earlier one (a redraw retests what was missing), and only the markers
 * no attempt delivered left missing. Metadata is the latest attempt's.
 */
export async function transactionResults(db: SandboxDb, transaction: TransactionAnswer) {
  const found: StoredResults[] = [];
  for (const order of transaction.orders) {
    const results = (await findResults(db, order.id)) as StoredResults | undefined;
    if (results) found.push(results);
  }
  const latest = found.at(-1);
  if (!latest) return undefined;
  const bySlug = new Map<string, NonNullable<StoredResults['results']>[number]>();
  for (const results of found) {
    for (const r of results.results ?? []) bySlug.set(r.slug ?? r.name, r);
  }
  const missing = new Map<string, NonNullable<StoredResults['missing_results']>[number]>();
  for (const results of found) {
    for (const m of results.missing_results ?? []) {
      if (!bySlug.has(m.slug ?? m.name)) missing.set(m.slug ?? m.name, m);
    }
  }
  return { ...latest, results: [...bySlug.values()], missing_results: [...missing.values()] };
}
