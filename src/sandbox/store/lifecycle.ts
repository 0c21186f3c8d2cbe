import { randomUUID } from 'node:crypto';
import { isKnown, COLLECTION_METHODS, orderStatus, parseOrderStatus } from '../../contract';
import type { LowLevelStatus } from '../../contract';
import type { SimulateBody } from '../../contract/results';
import { generateResults, type ResultMarker } from '../lifecycle/results';
import { TERMINAL } from '../lifecycle/transitions';
import { announceAppointment, announceCriticalResult, announceOrder } from '../webhooks/announce';
import type { SandboxDb } from './database';
import { findLabTestsByIds } from './labTests';
import type { OrderDocument, OrderRecord } from './orderDocument';
import { insertOrder, projection } from './orders';

/*
 * Moving a stored order one status on, with what follows from it: the event, the
 * projection columns, the transaction's status, results when results arrive, a new
 * order in the same transaction for a redraw, and the phlebotomy appointment.
 */

export interface StoredOrder {
  record: OrderRecord;
  lowLevel: string;
}

export async function loadOrder(
  db: SandboxDb,
  teamId: string,
  orderId: string,
): Promise<StoredOrder | undefined> {
  const row = await db
    .selectFrom('lab_order')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('id', '=', orderId.toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  const events = await db
    .selectFrom('order_event')
    .select(['created_at', 'status', 'status_detail'])
    .where('order_id', '=', row.id)
    .orderBy('id')
    .execute();
  return {
    record: {
      document: JSON.parse(row.document) as OrderDocument,
      labTestId: row.lab_test_id,
      method: row.method,
      orderTransactionId: row.order_transaction_id,
      events,
    },
    lowLevel: row.low_level_status,
  };
}

const lowOf = (status: string) => {
  const parsed = parseOrderStatus(status);
  return parsed.knownLowLevel ?? parsed.lowLevel;
};

export async function saveProjection(db: SandboxDb, record: OrderRecord): Promise<void> {
  const { id, ...columns } = projection(record);
  await db.updateTable('lab_order').set(columns).where('id', '=', id).execute();
}

/** Recomputes a transaction's status from its members (docs/lab-api-facts.md §4). */
async function refreshTransaction(db: SandboxDb, transactionId: string, at: string) {
  const members = await db
    .selectFrom('lab_order')
    .select('low_level_status')
    .where('order_transaction_id', '=', transactionId)
    .execute();
  const lows = members.map((m) => m.low_level_status);
  const cancelled = lows.every((l) => l === 'cancelled' || l === 'do_not_process');
  const done = lows.every((l) => TERMINAL.has(l));
  const status = cancelled ? 'cancelled' : done ? 'completed' : 'active';
  await db
    .updateTable('order_transaction')
    .set({ status, updated_at: at })
    .where('id', '=', transactionId)
    .execute();
}

function sampleIdFor(orderId: string): string {
  return `SMP${orderId
    .replace(/[^0-9]/g, '')
    .padEnd(9, '0')
    .slice(0, 9)}`;
}

async function storeResults(
  db: SandboxDb,
  record: OrderRecord,
  options: SimulateBody,
  status: 'final' | 'partial',
  corrected: boolean,
  at: string,
) {
  const doc = record.document;
  const tests = await findLabTestsByIds(db, [record.labTestId]);
  const test = tests.get(record.labTestId);
  const markers = (test?.markers ?? []) as unknown as ResultMarker[];
  const lab = test?.lab as { name?: string } | null | undefined;
  const collectedAt =
    record.events.find((e) => /draw_completed|transit_lab|appointment_scheduled/.test(e.status))
      ?.created_at ?? at;
  const results = generateResults(markers, options, {
    orderId: doc.id,
    patientKey: doc.user_id,
    sex: doc.patient_details?.gender ?? null,
    sampleId: doc.sample_id,
    patientName: doc.patient_details
      ? `${doc.patient_details.first_name} ${doc.patient_details.last_name}`
      : '',
    dob: doc.patient_details?.dob.slice(0, 10) ?? null,
    labName: lab?.name ?? 'Local lab',
    collectedAt,
    reportedAt: at,
    status,
    corrected,
  });
  await db
    .insertInto('order_result')
    .values({ order_id: doc.id, created_at: at, document: JSON.stringify(results) })
    .onConflict((oc) =>
      oc.column('order_id').doUpdateSet({ created_at: at, document: JSON.stringify(results) }),
    )
    .execute();
  // The order reads as its worst marker, which the values were steered to.
  doc.interpretation = results.metadata.interpretation;
  doc.has_missing_results = results.missing_results.length > 0;
}

/** A redraw (walk-in) or a recreation (a new kit after a sample error) in the same transaction. */
async function createFollowUp(
  db: SandboxDb,
  parent: OrderRecord,
  origin: 'redraw' | 'recreation',
  at: string,
): Promise<string> {
  const id = randomUUID();
  const method = parent.method;
  const document: OrderDocument = {
    ...parent.document,
    id,
    created_at: at,
    updated_at: at,
    origin,
    parent_id: parent.document.id,
    sample_id: null,
    interpretation: null,
    has_missing_results: null,
    details: {
      type: parent.document.details.type,
      data: { id: randomUUID(), created_at: at, updated_at: at },
    },
  };
  await insertOrder(db, {
    document,
    labTestId: parent.labTestId,
    method,
    orderTransactionId: parent.orderTransactionId,
    events: [
      {
        created_at: at,
        status: isKnown(COLLECTION_METHODS, method)
          ? orderStatus(method, 'ordered')
          : `received.${method}.ordered`,
        status_detail: null,
      },
    ],
  });
  return id;
}

export interface StepOptions {
  simulate?: SimulateBody;
  statusDetail?: string | null;
}

/** Appends one status to an order and applies its consequences. Returns the new low status. */
export async function appendStatus(
  db: SandboxDb,
  stored: StoredOrder,
  low: string,
  at: string,
  options: StepOptions = {},
): Promise<void> {
  const { record } = stored;
  const method = record.method;
  const status = isKnown(COLLECTION_METHODS, method)
    ? orderStatus(method, low as LowLevelStatus)
    : `received.${method}.${low}`;
  const detail =
    options.statusDetail ??
    (low === 'sample_error'
      ? 'sample_quantity_not_sufficient'
      : low === 'lab_processing_blocked'
        ? 'demographic_information_mismatch'
        : null);
  const event = { created_at: at, status, status_detail: detail };
  record.events.push(event);
  record.document.updated_at = at;

  const reachesSample = [
    'transit_lab',
    'draw_completed',
    'appointment_scheduled',
    'delivered_to_lab',
  ];
  if (!record.document.sample_id && reachesSample.includes(low)) {
    record.document.sample_id = sampleIdFor(record.document.id);
  }
  const resultStatus = low === 'partial_results' ? 'partial' : 'final';
  const resultsArrive = low === 'completed' || low === 'partial_results' || low === 'corrected';
  if (resultsArrive) {
    await storeResults(db, record, options.simulate ?? {}, resultStatus, low === 'corrected', at);
  }

  await db
    .insertInto('order_event')
    .values({ order_id: record.document.id, ...event })
    .execute();
  await saveProjection(db, record);
  stored.lowLevel = lowOf(status);

  const followUps: string[] = [];
  if (low === 'redraw_available') followUps.push(await createFollowUp(db, record, 'redraw', at));
  if (low === 'sample_error' && record.document.origin !== 'recreation') {
    followUps.push(await createFollowUp(db, record, 'recreation', at));
  }
  let appointment: Record<string, unknown> | undefined;
  if (low === 'cancelled')
    appointment = await cancelActiveAppointment(db, record.document.id, at, 'Order cancelled');
  if (low === 'draw_completed')
    appointment = await completeActiveAppointment(db, record.document.id, at);
  if (record.orderTransactionId) await refreshTransaction(db, record.orderTransactionId, at);

  // Announced once every write of the step is done, so each event carries the step's state.
  const doc = record.document;
  await announceOrder(db, doc.team_id, doc.id, 'labtest.order.updated');
  if (resultsArrive && doc.interpretation === 'critical') {
    await announceCriticalResult(db, doc, {
      status: resultStatus,
      interpretation: doc.interpretation,
      at,
    });
  }
  for (const id of followUps) await announceOrder(db, doc.team_id, id, 'labtest.order.created');
  if (appointment) await announceAppointment(db, doc.team_id, appointment, 'updated');
}

async function latestAppointment(db: SandboxDb, orderId: string) {
  return db
    .selectFrom('phlebotomy_appointment')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The end of the order's booked (not cancelled, not yet completed) appointment, if any. */
export async function bookedUntil(db: SandboxDb, orderId: string): Promise<string | null> {
  const row = await latestAppointment(db, orderId);
  if (!row || row.status === 'cancelled' || row.status === 'completed') return null;
  const doc = JSON.parse(row.document) as { start_at?: string | null; end_at?: string | null };
  return doc.end_at ?? doc.start_at ?? null;
}

async function setAppointmentStatus(
  db: SandboxDb,
  orderId: string,
  at: string,
  status: 'cancelled' | 'completed',
  data: Record<string, unknown> | null,
): Promise<Record<string, unknown> | undefined> {
  const row = await latestAppointment(db, orderId);
  if (!row || row.status === 'cancelled' || row.status === 'completed') return undefined;
  const doc = JSON.parse(row.document) as Record<string, unknown> & {
    events: { created_at: string; status: string; data: unknown }[];
  };
  doc.status = status;
  doc.event_status = status;
  doc.can_reschedule = false;
  doc.events.push({ created_at: at, status, data });
  await db
    .updateTable('phlebotomy_appointment')
    .set({ status, document: JSON.stringify(doc) })
    .where('id', '=', row.id)
    .execute();
  return doc;
}

/** An order cancelled cancels its phlebotomy appointment (docs/lab-api-facts.md §4 cross-effects). */
function cancelActiveAppointment(db: SandboxDb, orderId: string, at: string, reason: string) {
  return setAppointmentStatus(db, orderId, at, 'cancelled', { reason });
}

function completeActiveAppointment(db: SandboxDb, orderId: string, at: string) {
  return setAppointmentStatus(db, orderId, at, 'completed', null);
}

export async function findResults(db: SandboxDb, orderId: string): Promise<unknown> {
  const row = await db
    .selectFrom('order_result')
    .select('document')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.document) as unknown) : undefined;
}
