import { randomUUID } from 'node:crypto';
import type { SandboxDb } from './database';
import { findLabTestsByIds, type LabTestResponse } from './labTests';
import type { EventDocument, OrderDocument, OrderRecord } from './orderDocument';
import { findOrder, insertOrder, insertOrderTransaction, projection } from './orders';
import { announceOrder } from '../webhooks/announce';

/** A lab test of the team, with what the order rules read. */
export interface TeamLabTest {
  id: string;
  method: string;
  response: LabTestResponse;
  labSlug: string | null;
}

/** The team's lab tests among `ids` (others are simply absent from the map). */
export async function findTeamLabTests(
  db: SandboxDb,
  teamId: string,
  ids: readonly string[],
): Promise<Map<string, TeamLabTest>> {
  const lower = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (lower.length === 0) return new Map();
  const rows = await db
    .selectFrom('lab_test')
    .select(['id', 'method'])
    .where('team_id', '=', teamId)
    .where('id', 'in', lower)
    .execute();
  const responses = await findLabTestsByIds(
    db,
    rows.map((r) => r.id),
  );
  const found = new Map<string, TeamLabTest>();
  for (const row of rows) {
    const response = responses.get(row.id);
    if (!response) continue;
    const slug = response.lab?.slug;
    found.set(row.id, {
      id: row.id,
      method: row.method,
      response,
      labSlug: typeof slug === 'string' ? slug : null,
    });
  }
  return found;
}

export interface MarkerRow {
  id: number;
  lab_id: number;
  labSlug: string;
  document: Record<string, unknown> & { id: number; provider_id?: string };
}

/** Markers by id or by provider id (add-on orders name either). */
export async function findMarkers(
  db: SandboxDb,
  by: { ids?: readonly number[]; providerIds?: readonly string[] },
): Promise<MarkerRow[]> {
  const rows = await db
    .selectFrom('marker')
    .innerJoin('lab', 'lab.id', 'marker.lab_id')
    .select(['marker.id', 'marker.lab_id', 'marker.document', 'lab.slug'])
    .execute();
  const all = rows.map((r) => ({
    id: r.id,
    lab_id: r.lab_id,
    labSlug: r.slug,
    document: JSON.parse(r.document) as MarkerRow['document'],
  }));
  if (by.ids) return all.filter((m) => by.ids?.includes(m.id));
  return all.filter((m) => by.providerIds?.includes(String(m.document.provider_id)));
}

/**
 * An order of several lab tests, or of add-on markers, is one order whose lab test is
 * made for it (auto_generated) and holds every marker, as the real service's order sets do.
 */
export async function insertGeneratedLabTest(
  db: SandboxDb,
  input: {
    teamId: string;
    name: string;
    method: string;
    labId: number | null;
    markerIds: number[];
    now: string;
  },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('lab_test')
    .values({
      id,
      team_id: input.teamId,
      lab_id: input.labId,
      name: input.name,
      method: input.method,
      status: 'active',
      created_at: input.now,
      document: JSON.stringify({
        slug: `order-set-${id.slice(0, 8)}`,
        name: input.name,
        description: null,
        sample_type: 'serum',
        method: input.method,
        price: 0,
        fasting: false,
        status: 'active',
        is_active: true,
        is_delegated: false,
        auto_generated: true,
        // Made for one order: no catalogue instructions (the order's own still print).
        has_collection_instructions: false,
      }),
    })
    .execute();
  const markerIds = [...new Set(input.markerIds)];
  if (markerIds.length > 0) {
    await db
      .insertInto('lab_test_marker')
      .values(markerIds.map((marker_id, position) => ({ lab_test_id: id, marker_id, position })))
      .execute();
  }
  return id;
}

/** Stores a new order with its own transaction (origin `initial`) and answers it assembled. */
export async function insertNewOrder(db: SandboxDb, record: OrderRecord) {
  const transactionId = record.orderTransactionId ?? randomUUID();
  await db.transaction().execute(async (trx) => {
    await insertOrderTransaction(trx, {
      id: transactionId,
      team_id: record.document.team_id,
      status: 'active',
      created_at: record.document.created_at,
      updated_at: record.document.updated_at,
    });
    await insertOrder(trx, { ...record, orderTransactionId: transactionId });
    // One `created` with the order as it now is, even when it was born with several events.
    await announceOrder(trx, record.document.team_id, record.document.id, 'labtest.order.created');
  });
  const order = await findOrder(db, record.document.team_id, record.document.id);
  if (!order) throw new Error(`order ${record.document.id} vanished after insert`);
  return order;
}

/** The stored record of an unregistered kit with this sample id, if the team has one. */
export async function findKitBySampleId(
  db: SandboxDb,
  teamId: string,
  sampleId: string,
): Promise<OrderRecord | undefined> {
  const row = await db
    .selectFrom('lab_order')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('sample_id', '=', sampleId)
    .where('method', '=', 'testkit')
    .executeTakeFirst();
  if (!row) return undefined;
  const events = await db
    .selectFrom('order_event')
    .select(['created_at', 'status', 'status_detail'])
    .where('order_id', '=', row.id)
    .orderBy('id')
    .execute();
  return {
    document: JSON.parse(row.document) as OrderDocument,
    labTestId: row.lab_test_id,
    method: row.method,
    orderTransactionId: row.order_transaction_id,
    events,
  };
}

/** Rewrites an order's document and projection and appends its new events. */
export async function updateOrder(
  db: SandboxDb,
  record: OrderRecord,
  newEvents: EventDocument[],
): Promise<void> {
  const all = { ...record, events: [...record.events, ...newEvents] };
  const { id, ...columns } = projection(all);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('lab_order').set(columns).where('id', '=', id).execute();
    if (newEvents.length > 0) {
      await trx
        .insertInto('order_event')
        .values(newEvents.map((event) => ({ order_id: id, ...event })))
        .execute();
      await announceOrder(trx, record.document.team_id, id, 'labtest.order.updated');
    }
  });
}
