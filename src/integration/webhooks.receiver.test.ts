import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_INBOX_PATH, WEBHOOK_RECEIVER_PATH, webhookInboxSchema } from '../contract';
import { signDelivery, deliver, newWebhookSecret } from './liveClient';
import { startStack, type Stack } from './stack';

/*
 * The receiver through the real BFF and the real local Lab API: what is refused
 * changes nothing; what is accepted is processed once, and in the newest state.
 */

const secret = newWebhookSecret();
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ webhookSecret: secret });
});
afterAll(async () => {
  await stack.close();
});

async function counts() {
  const db = stack.store.db;
  const count = async (table: 'webhook_inbox' | 'live_event' | 'record_state') =>
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  return {
    inbox: await count('webhook_inbox'),
    events: await count('live_event'),
    states: await count('record_state'),
  };
}

function orderEnvelope(orderId: string, status: string, updatedAt: string) {
  return {
    event_type: 'labtest.order.updated',
    team_id: randomUUID(),
    user_id: randomUUID(),
    client_user_id: 'patient-7',
    data: {
      id: orderId,
      updated_at: updatedAt,
      status: 'collecting_sample',
      last_event: { id: 1, created_at: updatedAt, status },
      patient_details: { first_name: 'Avery', last_name: 'Brightwater', dob: '1980-01-01' },
    },
  };
}

describe('webhook receiver: refusals change nothing', () => {
  const envelope = orderEnvelope(
    randomUUID(),
    'received.testkit.ordered',
    new Date().toISOString(),
  );

  it('refuses a signature made with another secret', async () => {
    const before = await counts();
    const response = await deliver(
      stack.bff,
      signDelivery(newWebhookSecret(), `msg_${randomUUID()}`, envelope),
    );
    expect(response.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it('refuses a timestamp more than 5 minutes old or ahead', async () => {
    const before = await counts();
    for (const offsetMs of [-6 * 60_000, 6 * 60_000]) {
      const at = new Date(Date.now() + offsetMs);
      const response = await deliver(
        stack.bff,
        signDelivery(secret, `msg_${randomUUID()}`, envelope, at),
      );
      expect(response.statusCode).toBe(401);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a delivery missing any of the Svix headers', async () => {
    const before = await counts();
    const signed = signDelivery(secret, `msg_${randomUUID()}`, envelope);
    for (const name of ['svix-id', 'svix-timestamp', 'svix-signature']) {
      const headers = Object.fromEntries(
        Object.entries(signed.headers).filter(([header]) => header !== name),
      );
      const response = await deliver(stack.bff, { ...signed, headers });
      expect(response.statusCode).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a body parsed and serialised again (same JSON, other bytes)', async () => {
    const before = await counts();
    const original = JSON.stringify(envelope, null, 2);
    const signed = signDelivery(secret, `msg_${randomUUID()}`, envelope, new Date(), original);
    const reserialised = JSON.stringify(JSON.parse(original));
    const response = await deliver(stack.bff, { ...signed, body: reserialised });
    expect(response.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
    // The same delivery with its own bytes is accepted: the refusal was the bytes alone.
    expect((await deliver(stack.bff, signed)).statusCode).toBe(204);
  });

  it('needs neither a session nor the anti-forgery header, and never logs the body', async () => {
    const signed = signDelivery(secret, `msg_${randomUUID()}`, envelope);
    const response = await stack.bff.inject({
      method: 'POST',
      url: WEBHOOK_RECEIVER_PATH,
      headers: { ...signed.headers, origin: 'https://lab-api.example' },
      body: signed.body,
    });
    expect(response.statusCode).toBe(204);
    expect(stack.logs.join('\n')).not.toContain('Brightwater');
  });
});

describe('webhook receiver: once, and the newest state wins', () => {
  it('processes a message delivered three times once', async () => {
    const orderId = randomUUID();
    const delivery = signDelivery(
      secret,
      `msg_${randomUUID()}`,
      orderEnvelope(orderId, 'received.testkit.ordered', new Date().toISOString()),
    );
    for (let i = 0; i < 3; i++) expect((await deliver(stack.bff, delivery)).statusCode).toBe(204);
    await stack.bff.liveOperations.processor.drain();
    const events = await stack.store.db
      .selectFrom('live_event')
      .selectAll()
      .where('record_id', '=', orderId)
      .execute();
    expect(events).toHaveLength(1);
    const inbox = await stack.store.db
      .selectFrom('webhook_inbox')
      .selectAll()
      .where('record_id', '=', orderId)
      .execute();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]?.state).toBe('processed');
    // What the inbox keeps: ids, the status word and times; never the patient.
    expect(JSON.stringify(inbox)).not.toContain('Brightwater');
  });

  it('ends in the newest state whatever order deliveries arrive in', async () => {
    const orderId = randomUUID();
    const start = Date.now() - 60_000;
    const statuses = [
      'received.testkit.ordered',
      'collecting_sample.testkit.transit_customer',
      'collecting_sample.testkit.with_customer',
      'sample_with_lab.testkit.transit_lab',
      'completed.testkit.completed',
    ];
    const deliveries = statuses.map((status, i) =>
      signDelivery(
        secret,
        `msg_${randomUUID()}`,
        orderEnvelope(orderId, status, new Date(start + i * 1000).toISOString()),
      ),
    );
    // Newest first, then the older ones, one at a time (each processed before the next).
    for (const index of [4, 1, 3, 0, 2]) {
      const delivery = deliveries[index];
      if (!delivery) throw new Error('no delivery');
      expect((await deliver(stack.bff, delivery)).statusCode).toBe(204);
      await stack.bff.liveOperations.processor.drain();
    }
    const state = await stack.store.db
      .selectFrom('record_state')
      .selectAll()
      .where('kind', '=', 'order')
      .where('record_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(state.status).toBe('completed.testkit.completed');
    const announced = await stack.store.db
      .selectFrom('live_event')
      .select('status')
      .where('record_id', '=', orderId)
      .execute();
    // Only the newest was news; the late, older ones announced nothing.
    expect(announced.map((e) => e.status)).toEqual(['completed.testkit.completed']);

    // The same shuffle in one batch (all stored before processing) ends the same way.
    const other = randomUUID();
    const batch = statuses.map((status, i) =>
      signDelivery(
        secret,
        `msg_${randomUUID()}`,
        orderEnvelope(other, status, new Date(start + i * 1000).toISOString()),
      ),
    );
    for (const index of [2, 4, 0, 3, 1]) {
      const delivery = batch[index];
      if (!delivery) throw new Error('no delivery');
      await deliver(stack.bff, delivery);
    }
    await stack.bff.liveOperations.processor.drain();
    const otherState = await stack.store.db
      .selectFrom('record_state')
      .select('status')
      .where('record_id', '=', other)
      .executeTakeFirstOrThrow();
    expect(otherState.status).toBe('completed.testkit.completed');
  });

  it('acknowledges event types the console does not show, and keeps them as ignored', async () => {
    const svixId = `msg_${randomUUID()}`;
    const response = await deliver(
      stack.bff,
      signDelivery(secret, svixId, {
        event_type: 'daily.data.sleep.created',
        team_id: randomUUID(),
        data: { user_id: randomUUID() },
      }),
    );
    expect(response.statusCode).toBe(204);
    const row = await stack.store.db
      .selectFrom('webhook_inbox')
      .select('state')
      .where('svix_id', '=', svixId)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('ignored');
  });
});

describe('reconciliation and the admin view of the inbox', () => {
  it('finds every order change that no webhook announced', async () => {
    // Brings the job's point to now, as a running console would have.
    await stack.bff.liveOperations.reconciler.runOnce();
    const listed = await stack.labApi.inject({
      method: 'GET',
      url: '/v3/orders?status=ordered&size=10',
      headers: { 'x-service-api-key': stack.apiKey },
    });
    const ids = listed.json<{ orders: { id: string }[] }>().orders.map((o) => o.id);
    expect(ids).toHaveLength(10);
    // Ten changes in the Lab API and no delivery for any of them.
    for (const id of ids) {
      const cancelled = await stack.labApi.inject({
        method: 'POST',
        url: `/v3/order/${id}/cancel`,
        headers: { 'x-service-api-key': stack.apiKey },
      });
      expect(cancelled.statusCode).toBe(200);
    }
    const outcome = await stack.bff.liveOperations.reconciler.runOnce();
    expect(outcome.ran).toBe(true);
    const announced = await stack.store.db
      .selectFrom('live_event')
      .select(['record_id', 'status'])
      .where('kind', '=', 'order')
      .where('record_id', 'in', ids)
      .execute();
    expect(announced.map((e) => e.record_id).sort()).toEqual([...ids].sort());
    for (const event of announced) expect(event.status).toMatch(/cancelled$/);

    // Reading the list (patient details in it) is audited, on nobody's behalf.
    const audited = await stack.store.db
      .selectFrom('audit_event')
      .select(['account_id', 'record_type', 'outcome'])
      .where('action', '=', 'GET /v3/orders (reconciliation)')
      .execute();
    expect(audited.length).toBeGreaterThan(0);
    expect(audited[0]).toEqual({ account_id: null, record_type: 'order_list', outcome: 200 });

    // A second pass finds nothing new: processing is idempotent.
    const again = await stack.bff.liveOperations.reconciler.runOnce();
    expect(again.announced).toBe(0);
  });

  it('shows admins the inbox state, and nobody else', async () => {
    const admin = await stack.signIn('admin');
    const response = await stack.request(admin, 'GET', WEBHOOK_INBOX_PATH);
    expect(response.statusCode).toBe(200);
    const inbox = webhookInboxSchema.parse(response.json());
    expect(inbox.counts.processed).toBeGreaterThan(0);
    expect(inbox.counts.ignored).toBe(1);
    expect(inbox.reconciledThrough).not.toBeNull();

    for (const role of ['coordinator', 'ops', 'clinician'] as const) {
      const refused = await stack.request(await stack.signIn(role), 'GET', WEBHOOK_INBOX_PATH);
      expect(refused.statusCode).toBe(403);
    }
  });
});

describe('webhook receiver without a secret', () => {
  it('answers 503 and says why in the log, once', async () => {
    const bare = await startStack();
    try {
      const signed = signDelivery(secret, `msg_${randomUUID()}`, {
        event_type: 'x',
        team_id: 't',
        data: {},
      });
      expect((await deliver(bare.bff, signed)).statusCode).toBe(503);
      expect((await deliver(bare.bff, signed)).statusCode).toBe(503);
      const said = bare.logs.filter((line) => line.includes('LAB_API_WEBHOOK_SECRET is not set'));
      expect(said).toHaveLength(1);
      const inbox = await bare.store.db.selectFrom('webhook_inbox').selectAll().execute();
      expect(inbox).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });
});
