import { expect } from 'vitest';
import {
  RESULTS_INBOX_PATH,
  RESULT_ACKNOWLEDGEMENTS_PATH,
  inboxResponseSchema,
  orderSchema,
  type Order,
} from '../contract';
import {
  NOTIFICATION_PREFERENCES_PATH,
  RESULT_NOTIFICATIONS_PATH,
  DEFAULT_NOTIFICATION_PREFERENCES,
  resultNotificationsSchema,
} from '../contract/notifications';
import type { Stack } from './stack';

/* What the escalation tests do as people do it: through the BFF's own endpoints. */

const json = { 'content-type': 'application/json' };

/** A settable clock the escalation job reads, so a test moves time instead of waiting. */
export function testClock() {
  let offsetMs = 0;
  return {
    now: () => Date.now() + offsetMs,
    advanceMinutes(minutes: number) {
      offsetMs += minutes * 60_000;
    },
  };
}

/** An order still `ordered` at the Lab API that names a physician, read as the Lab API has it. */
export async function orderedWithPhysician(
  stack: Stack,
  skip: ReadonlySet<string>,
): Promise<Order> {
  const listed = await stack.labApi.inject({
    method: 'GET',
    url: '/v3/orders?status=ordered&size=100',
    headers: { 'x-service-api-key': stack.apiKey },
  });
  const orders = listed.json<{ orders: unknown[] }>().orders.map((o) => orderSchema.parse(o));
  const order = orders.find((o) => o.physician?.npi && !skip.has(o.id));
  if (!order) throw new Error('no ordered order names a physician');
  return order;
}

/** A coordinator simulates the lab's result: `critical` makes the Lab API send its webhook. */
export async function simulateCritical(stack: Stack, coordinator: string, orderId: string) {
  const answer = await stack.request(
    coordinator,
    'POST',
    `/api/lab/v3/order/${orderId}/test?delay=0`,
    { headers: json, body: JSON.stringify({ interpretation: 'critical' }) },
  );
  expect(answer.statusCode).toBe(200);
}

export async function setNpi(stack: Stack, cookie: string, npi: string) {
  const answer = await stack.request(cookie, 'PUT', NOTIFICATION_PREFERENCES_PATH, {
    headers: json,
    body: JSON.stringify({ ...DEFAULT_NOTIFICATION_PREFERENCES, physician_npi: npi }),
  });
  expect(answer.statusCode).toBe(200);
}

export async function notificationsOf(stack: Stack, cookie: string, orderId: string) {
  const answer = await stack.request(
    cookie,
    'GET',
    `${RESULT_NOTIFICATIONS_PATH}?order_id=${orderId}`,
  );
  expect(answer.statusCode).toBe(200);
  return resultNotificationsSchema.parse(answer.json()).escalations;
}

/** The clinician acknowledges the order's current result version, as the inbox page does. */
export async function acknowledge(stack: Stack, clinician: string, orderId: string) {
  const inbox = await stack.request(clinician, 'GET', RESULTS_INBOX_PATH);
  const item = inboxResponseSchema.parse(inbox.json()).items.find((i) => i.order_id === orderId);
  if (!item) throw new Error('the critical result is not in the inbox');
  const answer = await stack.request(clinician, 'POST', RESULT_ACKNOWLEDGEMENTS_PATH, {
    headers: json,
    body: JSON.stringify({ order_id: orderId, version: item.version, note: 'Called the patient.' }),
  });
  expect(answer.statusCode).toBe(201);
}

export const resultLinkOf = (orderId: string) => `/results/${orderId}`;
