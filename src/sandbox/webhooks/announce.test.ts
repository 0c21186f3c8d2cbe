import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LAB_WEBHOOK_EVENT_TYPES, criticalResultEventSchema } from '../../contract/webhooks';
import { orderSchema, type Order } from '../../contract';
import { PATIENTS } from '../seed';
import { TEST_KEY, allOrders, buildTestApp, get, lowLevelOf } from '../test/helper';
import { post, validOrder } from '../test/ordering';
import {
  TEST_WEBHOOK_SECRET,
  startWebhookReceiver,
  type ReceivedDelivery,
  type WebhookReceiver,
} from '../test/webhookReceiver';

/*
 * Every change the local Lab API makes is announced to a real endpoint, signed as Svix
 * signs (the receiver checks each delivery with svix's Webhook.verify), with the data the
 * real service sends (docs/lab-api-facts.md §12).
 */

const headers = { 'x-service-api-key': TEST_KEY };

describe('webhooks announce every change', () => {
  let app: FastifyInstance;
  let receiver: WebhookReceiver;
  let orders: Order[];
  const used = new Set<string>();
  const find = (method: string, low: string, extra: (o: Order) => boolean = () => true) => {
    const found = orders.find(
      (o) => !used.has(o.id) && o.lab_test.method === method && lowLevelOf(o) === low && extra(o),
    );
    if (!found) throw new Error(`no seeded ${method} order in ${low}`);
    used.add(found.id);
    return found;
  };
  let from = 0;
  /** What arrived since the test began (verified, each message once). */
  const arrived = async (): Promise<ReceivedDelivery[]> => {
    await app.webhooks.idle();
    return receiver.messages().slice(from);
  };
  const orderOf = async (id: string) => orderSchema.parse((await get(app, `/v3/order/${id}`)).body);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await buildTestApp({
      parsingDelays: { startMs: 5, finishMs: 5 },
      webhookEndpoints: [{ url: receiver.url, secret: TEST_WEBHOOK_SECRET }],
    });
    orders = await allOrders(app);
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });
  beforeEach(async () => {
    await app.webhooks.idle();
    from = receiver.messages().length;
  });

  it('sends nothing for the seed, and only signed deliveries', async () => {
    await app.webhooks.idle();
    // Reading changes nothing, so it announces nothing.
    expect(receiver.received).toEqual([]);
  });

  it('announces each simulated step as labtest.order.updated, then the critical result', async () => {
    const order = find('walk_in_test', 'requisition_created');
    const before = order.events.length;
    const answer = await app.inject({
      method: 'POST',
      url: `/v3/order/${order.id}/test?delay=0`,
      headers,
      payload: { interpretation: 'critical' },
    });
    expect(answer.statusCode).toBe(200);
    const after = await orderOf(order.id);
    const steps = after.events.slice(before).map((e) => e.status);
    expect(steps.length).toBeGreaterThan(1);

    const messages = await arrived();
    expect(messages.every((m) => m.verified)).toBe(true);
    const updates = messages.filter((m) => m.envelope.event_type === 'labtest.order.updated');
    // One event per status change, in order, each carrying the order as it was then.
    expect(updates.map((m) => orderSchema.parse(m.envelope.data).last_event.status)).toEqual(steps);
    expect(updates.at(-1)?.envelope.data).toEqual(JSON.parse(JSON.stringify(after)));
    const patient = PATIENTS.find((p) => p.id === after.user_id);
    expect(updates[0]?.envelope).toMatchObject({
      team_id: after.team_id,
      user_id: after.user_id,
      client_user_id: patient?.client_user_id,
    });

    const critical = messages.filter((m) => m.envelope.event_type === 'labtest.result.critical');
    expect(critical).toHaveLength(1);
    expect(criticalResultEventSchema.parse(critical[0]?.envelope.data)).toMatchObject({
      order_id: order.id,
      sample_id: after.sample_id,
      status: 'final',
      interpretation: 'critical',
    });
    // Every message has its own svix-id.
    expect(new Set(messages.map((m) => m.svixId)).size).toBe(messages.length);
  });

  it('announces a new order as labtest.order.created and its cancellation as updated', async () => {
    const created = await post(app, '/v3/order', validOrder());
    expect(created.status).toBe(200);
    const id = orderSchema.parse((created.body as { order: unknown }).order).id;
    const cancelled = await post(app, `/v3/order/${id}/cancel`, {});
    expect(cancelled.status).toBe(200);

    const messages = (await arrived()).filter(
      (m) => (m.envelope.data as { id?: string }).id === id,
    );
    expect(messages.map((m) => m.envelope.event_type)).toEqual([
      'labtest.order.created',
      'labtest.order.updated',
    ]);
    expect(lowLevelOf(orderSchema.parse(messages[1]?.envelope.data))).toBe('cancelled');
  });

  it('announces appointments: booked (created), then cancelled (updated)', async () => {
    const phleb = find(
      'at_home_phlebotomy',
      'requisition_created',
      (o) => o.patient_address?.zip === '85004',
    );
    const address = { first_line: 'x', city: 'Phoenix', state: 'AZ', zip_code: '85004' };
    const availability = await post(app, '/v3/order/phlebotomy/appointment/availability', address);
    const slot = (availability.body as { slots: { slots: { booking_key: string }[] }[] }).slots[0]
      ?.slots[0];
    const booked = await post(app, `/v3/order/${phleb.id}/phlebotomy/appointment/book`, {
      booking_key: slot?.booking_key,
    });
    expect(booked.status).toBe(200);
    const reasons = (await get(app, '/v3/order/phlebotomy/appointment/cancellation-reasons'))
      .body as { id: string }[];
    const cancel = await app.inject({
      method: 'PATCH',
      url: `/v3/order/${phleb.id}/phlebotomy/appointment/cancel`,
      headers,
      payload: { cancellation_reason_id: reasons[0]?.id },
    });
    expect(cancel.statusCode).toBe(200);

    const appointments = (await arrived()).filter((m) =>
      m.envelope.event_type.startsWith('labtest.appointment.'),
    );
    expect(appointments.map((m) => m.envelope.event_type)).toEqual([
      'labtest.appointment.created',
      'labtest.appointment.updated',
    ]);
    expect(appointments[1]?.envelope.data).toEqual(cancel.json());
    expect(appointments[0]?.envelope.user_id).toBe(phleb.user_id);
  });

  it('announces a reviewed unmatched result as labtest.match_review.updated', async () => {
    const list = (await get(app, '/v3/unmatched_result?limit=50')).body as {
      data: { id: string; allowed_actions: string[] }[];
    };
    const open = list.data.find((r) => r.allowed_actions.includes('reject'));
    const resolved = await post(app, `/v3/unmatched_result/${open?.id ?? ''}/resolve`, {
      action: 'reject',
    });
    expect(resolved.status).toBe(200);
    const reviews = (await arrived()).filter((m) =>
      m.envelope.event_type.startsWith('labtest.match_review.'),
    );
    expect(reviews).toHaveLength(1);
    expect(reviews[0]?.envelope).toMatchObject({
      event_type: 'labtest.match_review.updated',
      data: { id: open?.id, status: 'resolved', resolution_action: 'reject' },
    });
    // The document's match-review envelope carries no user ids (docs/lab-api-facts.md §12 [X]).
    expect(reviews[0]?.envelope.user_id).toBeUndefined();
  });

  it('announces a new unmatched result as labtest.match_review.created; it joins the queue', async () => {
    const { id } = await app.labEvents.unmatchedResultArrives();
    const reviews = (await arrived()).filter((m) =>
      m.envelope.event_type.startsWith('labtest.match_review.'),
    );
    expect(reviews.map((m) => m.envelope)).toMatchObject([
      {
        event_type: 'labtest.match_review.created',
        data: { id, status: 'pending_customer_review' },
      },
    ]);
    const queue = (await get(app, '/v3/unmatched_result?limit=50')).body as {
      data: { id: string; allowed_actions: string[] }[];
    };
    expect(queue.data[0]).toMatchObject({ id, allowed_actions: ['accept', 'reject', 'unsure'] });
  });

  it('announces a parsing job as it is created, started and ended', async () => {
    // The PNG signature and header: an image, which fails without OCR (low_quality).
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
      'hex',
    );
    const form = new FormData();
    form.append('user_id', PATIENTS[0]?.id ?? '');
    form.append('file', new Blob([new Uint8Array(png)]), 'scan.png');
    const request = new Request('http://local/', { method: 'POST', body: form });
    const created = await app.inject({
      method: 'POST',
      url: '/lab_report/v1/parser/job',
      headers: { ...headers, 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(created.statusCode).toBe(200);
    const jobId = created.json<{ id: string }>().id;
    for (;;) {
      const job = (await get(app, `/lab_report/v1/parser/job/${jobId}`)).body as {
        status: string;
      };
      if (job.status === 'failed' || job.status === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const jobs = (await arrived()).filter((m) => m.envelope.event_type.startsWith('lab_report.'));
    expect(
      jobs.map((m) => [m.envelope.event_type, (m.envelope.data as { status: string }).status]),
    ).toEqual([
      ['lab_report.parsing_job.created', 'upload_pending'],
      ['lab_report.parsing_job.updated', 'started'],
      ['lab_report.parsing_job.updated', 'failed'],
    ]);
  });

  it('only ever sends the contract’s event types', () => {
    const types = new Set(receiver.received.map((d) => d.envelope.event_type));
    expect(
      [...types].filter((t) => !(LAB_WEBHOOK_EVENT_TYPES as readonly string[]).includes(t)),
    ).toEqual([]);
  });
});
