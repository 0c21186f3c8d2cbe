import type { Kysely, SelectQueryBuilder } from 'kysely';
import {
  SIGN_IN_RECORD_TYPE,
  auditDetailSchema,
  type AuditQuery,
  type AuditRow,
} from '../../contract';
import type { Database } from '../platform/database/schema';

export type AuditFilters = Omit<AuditQuery, 'before' | 'limit'>;

/** What each outcome filter covers: the HTTP status the browser received. */
const OUTCOME_RANGES = {
  success: [0, 399],
  refused: [400, 499],
  failed: [500, 999],
} as const;

/**
 * The trail under the screen's filters. Each filter is an equality or range on a column
 * indexed together with the id (migration 010), so a page is read newest first by id
 * from the index: keyset paging that costs the same on the last page as on the first.
 */
export function filteredAudit(db: Kysely<Database>, filters: AuditFilters) {
  let query: SelectQueryBuilder<Database, 'audit_event', object> = db.selectFrom('audit_event');
  if (filters.account) query = query.where('account_email', '=', filters.account);
  if (filters.action) query = query.where('action', '=', filters.action);
  if (filters.record) query = query.where('record_id', '=', filters.record);
  if (filters.patient) query = query.where('patient_id', '=', filters.patient);
  if (filters.sign_ins) {
    query = query
      .where('record_type', '=', SIGN_IN_RECORD_TYPE)
      .where('record_id', '=', filters.sign_ins);
  }
  if (filters.outcome) {
    const [low, high] = OUTCOME_RANGES[filters.outcome];
    query = query.where('outcome', '>=', low).where('outcome', '<=', high);
  }
  if (filters.from) query = query.where('at', '>=', Date.parse(filters.from));
  if (filters.to) query = query.where('at', '<', Date.parse(filters.to));
  return query;
}

const COLUMNS = [
  'id',
  'at',
  'account_email',
  'role',
  'action',
  'record_type',
  'record_id',
  'outcome',
  'request_id',
  'patient_id',
  'client_address',
  'detail',
] as const;

/** One page, newest first, older than `before`; the hash columns stay in the BFF. */
export function auditPageQuery(
  db: Kysely<Database>,
  filters: AuditFilters,
  before: number | undefined,
  limit: number,
) {
  let query = filteredAudit(db, filters).select(COLUMNS);
  if (before !== undefined) query = query.where('id', '<', before);
  return query.orderBy('id', 'desc').limit(limit);
}

export async function readAuditPage(
  db: Kysely<Database>,
  query: AuditQuery,
): Promise<{ rows: AuditRow[]; next: number | null }> {
  // One row more than asked tells whether another page exists.
  const rows = await auditPageQuery(db, query, query.before, query.limit + 1).execute();
  const page = rows.slice(0, query.limit).map(toAuditRow);
  const last = page.at(-1);
  return { rows: page, next: rows.length > query.limit && last ? last.id : null };
}

export function toAuditRow(row: {
  id: number;
  at: number;
  account_email: string | null;
  role: string | null;
  action: string;
  record_type: string;
  record_id: string | null;
  outcome: number;
  request_id: string;
  patient_id: string | null;
  client_address: string | null;
  detail: string | null;
}): AuditRow {
  return { ...row, at: new Date(row.at).toISOString(), detail: parseDetail(row.detail) };
}

/* Written by the BFF itself, so it parses; a row that somehow does not shows no detail. */
function parseDetail(text: string | null) {
  if (text === null) return null;
  try {
    return auditDetailSchema.safeParse(JSON.parse(text)).data ?? null;
  } catch {
    return null;
  }
}

export async function countAudit(db: Kysely<Database>, filters: AuditFilters): Promise<number> {
  const row = await filteredAudit(db, filters)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
