import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_EVENTS_PATH } from '../contract';
import { addressOf, deliver, newWebhookSecret, openLiveStream, signDelivery } from './liveClient';
import { startStack, type Stack } from './stack';

/*
 * Live updates through a real socket: what each role hears, that an event names what
 * changed and nothing more, and that a reconnect resumes after its Last-Event-ID.
 */

const secret = newWebhookSecret();
let stack: Stack;
let baseUrl: string;

beforeAll(async () => {
  stack = await startStack({ webhookSecret: secret, liveHeartbeatMs: 200 });
  await stack.bff.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = addressOf(stack.bff);
});
afterAll(async () => {
  await stack.close();
});

const team = randomUUID();
const send = async (event_type: string, data: Record<string, unknown>) => {
  const response = await deliver(
    stack.bff,
    signDelivery(secret, `msg_${randomUUID()}`, { event_type, team_id: team, data }),
  );
  expect(response.statusCode).toBe(204);
};
const orderUpdated = (id: string, status: string) =>
  send('labtest.order.updated', {
    id,
    updated_at: new Date().toISOString(),
    last_event: { id: 1, created_at: new Date().toISOString(), status },
    patient_details: { first_name: 'Avery', last_name: 'Brightwater' },
  });

describe('live events over Server-Sent Events', () => {
  it('refuses a stream without a session', async () => {
    const response = await fetch(`${baseUrl}${LIVE_EVENTS_PATH}`);
    expect(response.status).toBe(401);
  });

  it('keeps the cross-site check on the stream, and spares the header for GET alone', async () => {
    const cookie = await stack.signIn('coordinator');
    const crossSite = await fetch(`${baseUrl}${LIVE_EVENTS_PATH}`, {
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const posted = await stack.request(cookie, 'POST', LIVE_EVENTS_PATH, { antiForgery: false });
    expect(posted.statusCode).toBe(403);
  });

  it('gives each role only what it may read, and no patient values', async () => {
    const [ops, clinician, admin] = await Promise.all([
      stack.signIn('ops').then((c) => openLiveStream(baseUrl, c)),
      stack.signIn('clinician').then((c) => openLiveStream(baseUrl, c)),
      stack.signIn('admin').then((c) => openLiveStream(baseUrl, c)),
    ]);
    const orderId = randomUUID();
    const reviewId = randomUUID();
    await send('labtest.result.critical', {
      order_id: orderId,
      sample_id: 'S-1',
      status: 'final',
      interpretation: 'critical',
      updated_at: new Date().toISOString(),
    });
    await send('labtest.match_review.created', { id: reviewId, status: 'pending_review' });
    // Everyone hears this one; it comes after the others, so by then they were sent or withheld.
    const marker = randomUUID();
    await orderUpdated(marker, 'received.testkit.ordered');

    for (const client of [ops, clinician, admin]) {
      await client.waitFor((e) => e.recordId === marker && e.kind === 'order');
    }
    const kindsOf = (client: typeof ops) => client.events.map((e) => e.kind).sort();
    expect(kindsOf(clinician)).toEqual(['critical_result', 'order']);
    expect(kindsOf(ops)).toEqual(['order', 'unmatched_result']);
    expect(kindsOf(admin)).toEqual(['order']);
    const critical = clinician.events.find((e) => e.kind === 'critical_result');
    expect(critical).toMatchObject({ recordId: orderId, orderId, status: 'final' });
    // The reader parses every event strictly: id, kind, record, order, status word, time.
    expect(JSON.stringify(clinician.events)).not.toMatch(/Brightwater|critical"|S-1/);
    for (const client of [ops, clinician, admin]) client.close();
  });

  it('resumes after Last-Event-ID with exactly what was missed', async () => {
    const coordinator = await stack.signIn('coordinator');
    const first = await openLiveStream(baseUrl, coordinator);
    const seen = randomUUID();
    await orderUpdated(seen, 'received.testkit.ordered');
    const lastSeen = await first.waitFor((e) => e.recordId === seen);
    first.close();

    const missed = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of missed) await orderUpdated(id, 'received.testkit.ordered');
    await stack.bff.liveOperations.processor.drain();

    const resumed = await openLiveStream(baseUrl, coordinator, lastSeen.id);
    const after = randomUUID();
    await orderUpdated(after, 'received.testkit.ordered');
    await resumed.waitFor((e) => e.recordId === after);
    expect(resumed.events.map((e) => e.recordId)).toEqual([...missed, after]);
    const ids = resumed.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(lastSeen.id));
    resumed.close();
  });

  it('ends the stream when the session is signed out', async () => {
    const cookie = await stack.signIn('coordinator');
    const client = await openLiveStream(baseUrl, cookie);
    const out = await stack.request(cookie, 'DELETE', '/api/session');
    expect(out.statusCode).toBeLessThan(300);
    // The next heartbeat finds the session gone and ends the stream.
    await client.closed;
  });

  it('ends open streams when the BFF shuts down', async () => {
    const other = await startStack({ webhookSecret: secret, liveHeartbeatMs: 60_000 });
    await other.bff.listen({ port: 0, host: '127.0.0.1' });
    const client = await openLiveStream(addressOf(other.bff), await other.signIn('ops'));
    await other.close();
    await client.closed;
  });
});
