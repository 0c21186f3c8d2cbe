import { parseOrderStatus, type OrdersQuery } from '../../contract';
import type { SandboxDb } from './database';
import { findLabTestsByIds, type LabTestResponse } from './labTests';
import { orderConditions, type OrderScope } from './orderFilters';
import type { EventDocument, OrderDocument, OrderRecord } from './orderDocument';
import type { OrderTable } from './schema';

/**
 * The low-level status the `status` filter matches: the known one when the event spells
 * it differently (testkit_registered is `registered`), else the raw low part.
 */
function lowLevelOf(status: string): string {
  const parsed = parseOrderStatus(status);
  return parsed.knownLowLevel ?? parsed.lowLevel;
}

/** The columns filters and sorts read, derived from the document so the two never disagree. */
export function projection(record: OrderRecord): OrderTable {
  const { document: doc, events } = record;
  const last = events.at(-1);
  if (!last) throw new Error(`order ${doc.id} has no events`);
  return {
    id: doc.id,
    team_id: doc.team_id,
    user_id: doc.user_id,
    lab_test_id: record.labTestId,
    method: record.method,
    low_level_status: lowLevelOf(last.status),
    last_status: last.status,
    last_status_created_at: last.created_at,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    interpretation: doc.interpretation,
    is_critical: doc.interpretation === 'critical' ? 1 : 0,
    activate_by: doc.activate_by,
    patient_first_name: doc.patient_details?.first_name ?? null,
    patient_last_name: doc.patient_details?.last_name ?? null,
    patient_dob: doc.patient_details?.dob.slice(0, 10) ?? null,
    shipping_recipient_name: doc.shipping_details?.receiver_name ?? null,
    order_transaction_id: record.orderTransactionId,
    origin: doc.origin,
    parent_id: doc.parent_id,
    sample_id: doc.sample_id,
    document: JSON.stringify(doc),
  };
}

export async function insertOrder(db: SandboxDb, record: OrderRecord): Promise<void> {
  await db.insertInto('lab_order').values(projection(record)).execute();
  await db
    .insertInto('order_event')
    .values(record.events.map((event) => ({ order_id: record.document.id, ...event })))
    .execute();
}

export async function insertOrderTransaction(
  db: SandboxDb,
  transaction: {
    id: string;
    team_id: string;
    status: string;
    created_at: string;
    updated_at: string;
  },
): Promise<void> {
  await db.insertInto('order_transaction').values(transaction).execute();
}

interface OrderEventResponse extends EventDocument {
  id: number;
}

/** The members of ClientFacingPatientDetailsCompatible: the store may hold more (household data). */
const PATIENT_DETAILS_MEMBERS = [
  'first_name',
  'last_name',
  'dob',
  'gender',
  'phone_number',
  'email',
  'medical_proxy',
  'race',
  'ethnicity',
  'sexual_orientation',
  'gender_identity',
] as const;

/**
 * The stored document as ClientFacingOrder has it: `parent_id` belongs to transaction
 * members only, and patient details carry only what the response type declares.
 */
function orderFields(doc: OrderDocument): Omit<OrderDocument, 'parent_id'> {
  const fields: Partial<OrderDocument> = { ...doc };
  delete fields.parent_id;
  const details = doc.patient_details as Record<string, unknown> | null;
  return {
    ...(fields as Omit<OrderDocument, 'parent_id'>),
    patient_details: details
      ? (Object.fromEntries(
          PATIENT_DETAILS_MEMBERS.filter((k) => k in details).map((k) => [k, details[k]]),
        ) as unknown as OrderDocument['patient_details'])
      : null,
  };
}

export type OrderResponse = Omit<OrderDocument, 'parent_id'> & {
  lab_test: LabTestResponse;
  events: OrderEventResponse[];
  last_event: OrderEventResponse;
  status: string;
  order_transaction: {
    id: string;
    status: string;
    orders: {
      id: string;
      origin: string | null;
      parent_id: string | null;
      low_level_status: string;
      low_level_status_created_at: string;
      created_at: string;
      updated_at: string;
    }[];
  } | null;
};

/** Map.groupBy arrives with Node 21; this runs on Node 20. */
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

type StoredRow = Pick<OrderTable, 'id' | 'document' | 'lab_test_id' | 'order_transaction_id'>;

/** Turns stored rows into ClientFacingOrders: one query each for events, transactions, tests. */
async function assemble(db: SandboxDb, rows: StoredRow[]): Promise<OrderResponse[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const transactionIds = [
    ...new Set(rows.flatMap((r) => (r.order_transaction_id ? [r.order_transaction_id] : []))),
  ];

  const [events, transactions, members, labTests] = await Promise.all([
    db
      .selectFrom('order_event')
      .selectAll()
      .where('order_id', 'in', ids)
      .orderBy('order_id')
      .orderBy('id')
      .execute(),
    transactionIds.length
      ? db.selectFrom('order_transaction').selectAll().where('id', 'in', transactionIds).execute()
      : Promise.resolve([]),
    transactionIds.length
      ? db
          .selectFrom('lab_order')
          .select([
            'id',
            'origin',
            'parent_id',
            'low_level_status',
            'last_status_created_at',
            'created_at',
            'updated_at',
            'order_transaction_id',
          ])
          .where('order_transaction_id', 'in', transactionIds)
          .orderBy('created_at')
          .execute()
      : Promise.resolve([]),
    findLabTestsByIds(db, [...new Set(rows.map((r) => r.lab_test_id))]),
  ]);

  const eventsByOrder = groupBy(events, (e) => e.order_id);
  const membersByTransaction = groupBy(members, (m) => m.order_transaction_id ?? '');

  return rows.map((row) => {
    const doc = JSON.parse(row.document) as OrderDocument;
    const orderEvents = (eventsByOrder.get(row.id) ?? []).map((e) => ({
      id: e.id,
      created_at: e.created_at,
      status: e.status,
      status_detail: e.status_detail,
    }));
    const lastEvent = orderEvents.at(-1);
    const labTest = labTests.get(row.lab_test_id);
    if (!lastEvent || !labTest) throw new Error(`order ${row.id} is incomplete in the store`);
    const transaction = transactions.find((t) => t.id === row.order_transaction_id);
    return {
      ...orderFields(doc),
      lab_test: labTest,
      events: orderEvents,
      last_event: lastEvent,
      // Deprecated top-level status: the first part of the last event's status.
      status: lastEvent.status.split('.')[0] ?? lastEvent.status,
      order_transaction: transaction
        ? {
            id: transaction.id,
            status: transaction.status,
            orders: (membersByTransaction.get(transaction.id) ?? []).map((m) => ({
              id: m.id,
              origin: m.origin,
              parent_id: m.parent_id,
              low_level_status: m.low_level_status,
              low_level_status_created_at: m.last_status_created_at,
              created_at: m.created_at,
              updated_at: m.updated_at,
            })),
          }
        : null,
    };
  });
}

export async function findOrder(
  db: SandboxDb,
  teamId: string,
  orderId: string,
): Promise<OrderResponse | undefined> {
  const row = await db
    .selectFrom('lab_order')
    .select(['id', 'document', 'lab_test_id', 'order_transaction_id'])
    .where('team_id', '=', teamId)
    .where('id', '=', orderId.toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  const [order] = await assemble(db, [row]);
  return order;
}

export interface OrdersPage {
  orders: OrderResponse[];
  total: number;
  page: number;
  size: number;
}

/** `GET /v3/orders`: one COUNT over the filter, then one indexed page of rows. */
export async function findOrdersPage(
  db: SandboxDb,
  query: OrdersQuery,
  scope: OrderScope,
): Promise<OrdersPage> {
  const filtered = db.selectFrom('lab_order').where((eb) => orderConditions(eb, query, scope));
  const direction = query.order_direction ?? 'desc';

  let pageQuery = filtered.select(['id', 'document', 'lab_test_id', 'order_transaction_id']);
  switch (query.order_key ?? 'created_at') {
    case 'patient_name':
      pageQuery = pageQuery
        .orderBy('patient_last_name', direction)
        .orderBy('patient_first_name', direction);
      break;
    case 'last_status':
      pageQuery = pageQuery.orderBy('last_status', direction);
      break;
    case 'created_at':
      break;
  }
  // created_at then id make every order's place stable, so pages never overlap.
  pageQuery = pageQuery.orderBy('created_at', direction).orderBy('id', direction);

  const [count, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    pageQuery
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
  ]);
  return {
    orders: await assemble(db, rows),
    total: count.total,
    page: query.page,
    size: query.size,
  };
}

/** For tests and start-up: how many orders the team has. */
export async function countOrders(db: SandboxDb, teamId: string): Promise<number> {
  const row = await db
    .selectFrom('lab_order')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow();
  return row.total;
}
