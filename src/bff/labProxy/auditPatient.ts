import type { Kysely } from 'kysely';
import { orderSchema } from '../../contract';
import { callLabApi } from '../platform/labApi/answer';
import type { LabApiClient } from '../platform/labApi/upstream';
import {
  patientOfOrder,
  rememberOrderPatients,
  type OrderPatient,
} from '../platform/audit/orderPatients';
import type { Database } from '../platform/database/schema';
import type { MatchedCall } from './allowList';

/* Ids from a query string are the browser's text: bounded before they reach the trail. */
const MAX_ID_LENGTH = 200;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) =>
  typeof value === 'string' && value.length > 0 ? value.slice(0, MAX_ID_LENGTH) : null;

/** The patient a call names itself: a `user_id` in its path or query. */
export function patientInRequest(matched: MatchedCall, query: string): string | null {
  const inPath = text(matched.params.user_id);
  if (inPath) return inPath;
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  return text(params.get('user_id'));
}

/**
 * What a successful JSON answer says about patients: the one it is about (its own
 * `user_id`, a create's `order.user_id`) and every order → patient pair it shows.
 */
function readAnswer(matched: MatchedCall, answer: unknown) {
  const pairs: OrderPatient[] = [];
  let patient: string | null = null;
  if (!isRecord(answer)) return { patient, pairs, orderIds: [] as string[] };
  const pair = (orderId: unknown, userId: unknown) => {
    const order = text(orderId);
    const user = text(userId);
    if (order && user) pairs.push({ orderId: order, userId: user });
  };
  patient = text(answer.user_id);
  const orderParam = matched.params.order_id;
  // An order, or what belongs to one (its appointment), names the order's patient.
  if (orderParam && patient) pair(orderParam, patient);
  if (isRecord(answer.order)) {
    patient ??= text(answer.order.user_id);
    pair(answer.order.id, answer.order.user_id);
  }
  const orders = Array.isArray(answer.orders) ? answer.orders.filter(isRecord) : [];
  for (const order of orders) pair(order.id, order.user_id);
  // An order transaction lists its orders without their patient.
  const orderIds = orders.map((o) => text(o.id)).filter((id) => id !== null);
  return { patient, pairs, orderIds };
}

/**
 * The patient (Lab API user id) an audited proxy call reached, for its audit row, and
 * the order → patient pairs its answer showed, kept for later rows. A call naming only an
 * order is matched to the order's patient from the pairs seen before; only when the BFF
 * never saw that order is the Lab API asked for it, once. A list of many patients' orders
 * names no one patient (unless filtered by one): its row names the list.
 */
export async function patientOfCall(
  db: Kysely<Database>,
  client: LabApiClient,
  call: { matched: MatchedCall; query: string; status: number; body: Buffer | null; json: boolean },
): Promise<string | null> {
  let answer: unknown = null;
  if (call.json && call.body && call.status >= 200 && call.status < 300) {
    try {
      answer = JSON.parse(call.body.toString('utf8'));
    } catch {
      answer = null;
    }
  }
  const read = readAnswer(call.matched, answer);
  const now = Date.now();
  if (read.pairs.length > 0) await rememberOrderPatients(db, read.pairs, now);
  const named = patientInRequest(call.matched, call.query) ?? read.patient;
  if (named) return named;
  const orderId = call.matched.params.order_id ?? read.orderIds[0];
  if (!orderId) return null;
  const known = await patientOfOrder(db, orderId);
  if (known) return known;
  // Only for an order the call reached: a refused or failed call reached no data.
  if (call.status >= 300) return null;
  return lookUpOrderPatient(db, client, orderId, now);
}

async function lookUpOrderPatient(
  db: Kysely<Database>,
  client: LabApiClient,
  orderId: string,
  now: number,
): Promise<string | null> {
  const answer = await callLabApi(
    client,
    {
      method: 'GET',
      pathAndQuery: `/v3/order/${encodeURIComponent(orderId)}`,
      headers: { accept: 'application/json' },
    },
    'json',
  );
  if (!answer.ok || !answer.body) return null;
  let order;
  try {
    order = orderSchema.safeParse(JSON.parse(answer.body.toString('utf8')));
  } catch {
    return null;
  }
  if (!order.success) return null;
  await rememberOrderPatients(db, [{ orderId, userId: order.data.user_id }], now);
  return order.data.user_id;
}
