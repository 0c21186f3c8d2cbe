import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANTI_FORGERY_HEADER, ANTI_FORGERY_VALUE, SESSION_PATH } from '../contract';
import { postgresLocation, skipPostgres } from '../bff/platform/database/testLocations';
import { addressOf, deliver, newWebhookSecret, openLiveStream, signDelivery } from './liveClient';
import { startStack, type Stack } from './stack';

/*
 * Two BFF replicas on one PostgreSQL database (a schema of its own) in front of one
 * local Lab API: nothing one replica needs is in the other's memory. PostgreSQL must be
 * running (127.0.0.1:5432, db `test`); without it these tests fail and say so.
 */

describe.skipIf(skipPostgres)('two BFF replicas on one PostgreSQL database', () => {
  const secret = newWebhookSecret();
  let stack: Stack;
  let replica: Awaited<ReturnType<Stack['replica']>>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const pg = await postgresLocation();
    drop = () => pg.drop();
    stack = await startStack({ storeLocation: pg.location, webhookSecret: secret });
    replica = await stack.replica();
    await replica.bff.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await replica.close();
    await stack.close();
    await drop();
  });

  it('a session created on one replica works on the other', async () => {
    const cookie = await stack.signIn('coordinator');
    const me = await replica.bff.inject({
      method: 'GET',
      url: SESSION_PATH,
      headers: { cookie, [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ account: { role: string } }>().account.role).toBe('coordinator');
  });

  it('a webhook delivered to one replica reaches a browser connected to the other', async () => {
    const cookie = await stack.signIn('clinician');
    const client = await openLiveStream(addressOf(replica.bff), cookie);
    const orderId = randomUUID();
    const response = await deliver(
      stack.bff,
      signDelivery(secret, `msg_${randomUUID()}`, {
        event_type: 'labtest.result.critical',
        team_id: randomUUID(),
        data: { order_id: orderId, status: 'final', interpretation: 'critical' },
      }),
    );
    expect(response.statusCode).toBe(204);
    const event = await client.waitFor((e) => e.orderId === orderId);
    expect(event.kind).toBe('critical_result');

    // A reconnect to the first replica resumes from the shared log.
    client.close();
    const later = randomUUID();
    await deliver(
      replica.bff,
      signDelivery(secret, `msg_${randomUUID()}`, {
        event_type: 'labtest.order.created',
        team_id: randomUUID(),
        data: { id: later, updated_at: new Date().toISOString(), status: 'received' },
      }),
    );
    await stack.bff.listen({ port: 0, host: '127.0.0.1' });
    const resumed = await openLiveStream(addressOf(stack.bff), cookie, event.id);
    await resumed.waitFor((e) => e.recordId === later);
    expect(resumed.events.map((e) => e.recordId)).toEqual([later]);
    resumed.close();
  });

  it('runs reconciliation on one replica at a time', async () => {
    const first = stack.bff.liveOperations.reconciler;
    const second = replica.bff.liveOperations.reconciler;
    const whileHeld = await first.exclusively(() => second.runOnce());
    expect(whileHeld).toEqual({ ran: false, ordersRead: 0, announced: 0 });
    const afterwards = await second.runOnce();
    expect(afterwards.ran).toBe(true);
  });
});
