import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresLocation, skipPostgres } from '../bff/platform/database/testLocations';
import { newWebhookSecret } from './liveClient';
import {
  acknowledge,
  notificationsOf,
  orderedWithPhysician,
  resultLinkOf,
  setNpi,
  simulateCritical,
  testClock,
} from './notificationsClient';
import { startSmtpServer, type TestSmtpServer } from './smtpServer';
import { accountEmail, startStack, type Stack } from './stack';

/*
 * The escalation job on PostgreSQL with two BFF replicas sharing one database (a schema
 * of its own), against a real SMTP server: each notice is sent exactly once however the
 * replicas' passes interleave, and a replica restarted mid-escalation loses and
 * duplicates nothing. PostgreSQL must be running (127.0.0.1:5432, db `test`); without
 * it these tests fail and say so (SKIP_POSTGRES_TESTS=1 skips them).
 */

const ON_CALL = 'oncall@clinic.test';

describe.skipIf(skipPostgres)('escalation on two replicas sharing PostgreSQL', () => {
  const clock = testClock();
  let smtp: TestSmtpServer;
  let stack: Stack;
  let replica: Awaited<ReturnType<Stack['replica']>>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const pg = await postgresLocation();
    drop = () => pg.drop();
    smtp = await startSmtpServer();
    stack = await startStack({
      storeLocation: pg.location,
      webhookSecret: newWebhookSecret(),
      deliverWebhooks: { retryScale: 0.001 },
      notifications: {
        publicUrl: 'https://console.clinic.test',
        mail: { smtpUrl: smtp.url, from: 'Lab console <console@clinic.test>' },
        escalation: { nextTierMinutes: 30, lastTier: [ON_CALL], intervalMs: 3_600_000 },
        notificationsClock: clock.now,
      },
    });
    replica = await stack.replica();
  });
  afterAll(async () => {
    await replica.close();
    await stack.close();
    await smtp.close();
    await drop();
  });

  /** Both replicas' passes at once, as their timers would run them. */
  async function bothPasses(jobs = [stack.bff, replica.bff]) {
    const outcomes = await Promise.all(jobs.map((bff) => bff.notifications.escalation.runOnce()));
    return {
      ran: outcomes.filter((o) => o.ran).length,
      sent: outcomes.reduce((n, o) => n + o.sent, 0),
    };
  }

  it('sends each notice exactly once, and a restart mid-escalation loses and duplicates nothing', async () => {
    const coordinator = await stack.signIn('coordinator');
    const clinician = await stack.signIn('clinician');
    const order = await orderedWithPhysician(stack, new Set());
    await setNpi(stack, clinician, order.physician?.npi ?? '');

    await simulateCritical(stack, coordinator, order.id);
    await smtp.waitFor((m) => m.text.includes(resultLinkOf(order.id)));
    await stack.bff.notifications.escalation.idle();
    for (let i = 0; i < 3; i++) await bothPasses();
    const about = () => smtp.received.filter((m) => m.text.includes(resultLinkOf(order.id)));
    expect(about().map((m) => m.to)).toEqual([accountEmail('clinician')]);

    // The replica is restarted while the escalation waits for its next tier.
    await replica.close();
    clock.advanceMinutes(31);
    replica = await stack.replica();
    const passes = await Promise.all([bothPasses(), bothPasses(), bothPasses()]);
    // The lock let one pass at a time do the work; the tier went out once.
    expect(passes.reduce((n, p) => n + p.sent, 0)).toBe(1);
    await smtp.waitFor((m) => m.to === ON_CALL);
    expect(about().map((m) => m.to)).toEqual([accountEmail('clinician'), ON_CALL]);

    // The first replica restarts too; the new pair carries on from the store alone.
    const restarted = await stack.replica();
    clock.advanceMinutes(120);
    await bothPasses([replica.bff, restarted.bff]);
    expect(about()).toHaveLength(2);

    await acknowledge(stack, clinician, order.id);
    await bothPasses([replica.bff, restarted.bff]);
    clock.advanceMinutes(120);
    await bothPasses([replica.bff, restarted.bff]);
    await restarted.close();
    expect(about().map((m) => m.to)).toEqual([accountEmail('clinician'), ON_CALL]);
    // Distinct messages: one per notice, none sent twice under the same id.
    expect(new Set(about().map((m) => m.messageId)).size).toBe(2);

    const [escalation] = await notificationsOf(stack, clinician, order.id);
    expect(escalation).toMatchObject({
      state: 'stopped',
      stop_reason: 'acknowledged',
      stopped_by: accountEmail('clinician'),
    });
    expect(escalation?.notices.map((n) => [n.tier, n.recipient, n.state])).toEqual([
      [1, accountEmail('clinician'), 'sent'],
      [2, ON_CALL, 'sent'],
    ]);
  });
});
