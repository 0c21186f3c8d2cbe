import type { UnmatchedResultsQuery } from '../../contract';
import type { SandboxDb } from './database';
import { contains } from './like';

/** The stored item: the response as returned, plus the team it belongs to. */
export interface UnmatchedResultDocument {
  id: string;
  team_id: string;
  status: string;
  decision_code: string;
  sub_reason_codes: string[];
  reason: string | null;
  patient: { first_name: string; last_name: string; dob: string; gender: string } | null;
  lab: { id: number; name: string; slug: string };
  markers: { provider_id: string; name: string }[];
  interpretation: string | null;
  result_status: string | null;
  note: string | null;
  resolution_action: string | null;
  resolved_user_id: string | null;
  resolved_order_id: string | null;
  allowed_actions: string[];
  candidate_groups: {
    user_id: string | null;
    candidates: {
      candidate_type: string;
      order_id: string | null;
      order_transaction_id: string | null;
      [key: string]: unknown;
    }[];
  }[];
  created_at: string;
  updated_at: string;
  reviewed_at: string | null;
}

function projection(doc: UnmatchedResultDocument) {
  return {
    id: doc.id,
    team_id: doc.team_id,
    status: doc.status,
    decision_code: doc.decision_code,
    lab_slug: doc.lab.slug,
    patient_name: doc.patient
      ? `${doc.patient.first_name} ${doc.patient.last_name}`.toLowerCase()
      : null,
    patient_dob: doc.patient?.dob.slice(0, 10) ?? null,
    created_at: doc.created_at,
    document: JSON.stringify(doc),
  };
}

/** The response omits the team: the key already says whose it is. */
export function toResponse(doc: UnmatchedResultDocument): Omit<UnmatchedResultDocument, 'team_id'> {
  const item: Partial<UnmatchedResultDocument> = { ...doc };
  delete item.team_id;
  return item as Omit<UnmatchedResultDocument, 'team_id'>;
}

export async function insertUnmatchedResult(db: SandboxDb, doc: UnmatchedResultDocument) {
  await db.insertInto('unmatched_result').values(projection(doc)).execute();
}

export async function saveUnmatchedResult(db: SandboxDb, doc: UnmatchedResultDocument) {
  const { id, ...rest } = projection(doc);
  await db.updateTable('unmatched_result').set(rest).where('id', '=', id).execute();
}

export async function findUnmatchedResultDocument(db: SandboxDb, teamId: string, id: string) {
  const row = await db
    .selectFrom('unmatched_result')
    .select('document')
    .where('team_id', '=', teamId)
    .where('id', '=', id.toLowerCase())
    .executeTakeFirst();
  return row ? (JSON.parse(row.document) as UnmatchedResultDocument) : undefined;
}

export async function findUnmatchedResult(db: SandboxDb, teamId: string, id: string) {
  const doc = await findUnmatchedResultDocument(db, teamId, id);
  return doc ? toResponse(doc) : undefined;
}

/* The cursor is opaque to clients: the last item's (created_at, id), base64url. */
const encodeCursor = (createdAt: string, id: string) =>
  Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');

function decodeCursor(cursor: string): [string, string] | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
      return [value[0] as string, value[1] as string];
    }
  } catch {
    // An unreadable cursor is reported by the caller.
  }
  return null;
}

export class BadCursorError extends Error {}

/** Newest first; `total` counts every match of the filters, not just this page. */
export async function findUnmatchedResultsPage(
  db: SandboxDb,
  teamId: string,
  query: UnmatchedResultsQuery & { limit: number },
) {
  let base = db.selectFrom('unmatched_result').where('team_id', '=', teamId);
  // Resolved results are left out unless asked for by status (docs/lab-api-facts.md §9).
  base = query.status
    ? base.where('status', '=', query.status)
    : base.where('status', '!=', 'resolved');
  if (query.decision_code) base = base.where('decision_code', '=', query.decision_code);
  if (query.lab_slug) base = base.where('lab_slug', '=', query.lab_slug);
  if (query.created_at_start)
    base = base.where('created_at', '>=', `${query.created_at_start}T00:00:00.000Z`);
  if (query.created_at_end)
    base = base.where('created_at', '<=', `${query.created_at_end}T23:59:59.999Z`);
  const search = query.search_input?.trim().toLowerCase();
  if (search) {
    base = /^\d{4}-\d{2}-\d{2}$/.test(search)
      ? base.where('patient_dob', '=', search)
      : base.where((eb) => contains(eb.ref('patient_name'), search));
  }

  let page = base;
  if (query.next_cursor) {
    const cursor = decodeCursor(query.next_cursor);
    if (!cursor) throw new BadCursorError('Invalid cursor');
    const [createdAt, id] = cursor;
    page = page.where((eb) =>
      eb.or([
        eb('created_at', '<', createdAt),
        eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
      ]),
    );
  }

  const [rows, count] = await Promise.all([
    page
      .select(['id', 'created_at', 'document'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit + 1)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const more = rows.length > query.limit;
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    data: shown.map((r) => toResponse(JSON.parse(r.document) as UnmatchedResultDocument)),
    next_cursor: more && last ? encodeCursor(last.created_at, last.id) : null,
    total: count.total,
  };
}
