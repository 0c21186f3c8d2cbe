import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotatedSecretSchema, webhookListSchema, webhookSecretSchema } from '../contract';
import { PREVIOUS_SECRET_GRACE_MS, SigningSecrets } from '../bff/webhooks/signingSecrets';
import { DEMO_TEAM_ID } from '../sandbox/seed';
import { deliver, newWebhookSecret, signDelivery } from './liveClient';
import { startStack, type Stack } from './stack';

/*
 * Rotating the console's own endpoint secret: the BFF verifies with the new
 * secret at once, without a restart, and with the old one for a grace period, so
 * deliveries signed before, during and after the switch all verify. Every replica reads
 * the secrets from the shared store, so none needs a restart either.
 */

const original = newWebhookSecret();
let stack: Stack;
let admin: string;
const webhooksPath = `/api/management/teams/${DEMO_TEAM_ID}/sandbox/webhooks`;
const envelope = (n: number) => ({
  event_type: 'daily.data.glucose.created',
  data: { n },
  team_id: DEMO_TEAM_ID,
  user_id: null,
  client_user_id: null,
});

beforeAll(async () => {
  stack = await startStack({ webhookSecret: original, deliverWebhooks: { retryScale: 0.001 } });
  admin = await stack.signIn('admin');
});
afterAll(async () => {
  await stack.close();
});

async function consoleEndpointId(): Promise<string> {
  const listed = webhookListSchema.parse((await stack.request(admin, 'GET', webhooksPath)).json());
  const own = listed.data.find((w) => w.url.endsWith('/webhooks/lab-api'));
  if (!own) throw new Error('the console endpoint is listed');
  return own.id;
}

describe('rotating the webhook signing secret', () => {
  it('verifies deliveries signed with the old and the new secret after rotation', async () => {
    const id = await consoleEndpointId();
    const before = await stack.request(admin, 'GET', `${webhooksPath}/${id}/secret`);
    expect(webhookSecretSchema.parse(before.json()).key).toBe(original);

    const rotated = await stack.request(admin, 'POST', `${webhooksPath}/${id}/secret/rotate`);
    expect(rotated.statusCode).toBe(200);
    expect(rotatedSecretSchema.parse(rotated.json())).toEqual({ consoleEndpoint: true });
    const next = webhookSecretSchema.parse(
      (await stack.request(admin, 'GET', `${webhooksPath}/${id}/secret`)).json(),
    ).key;
    expect(next).not.toBe(original);

    const signedOld = await deliver(
      stack.bff,
      signDelivery(original, 'msg_rotation_old', envelope(1)),
    );
    expect(signedOld.statusCode).toBe(204);
    const signedNew = await deliver(stack.bff, signDelivery(next, 'msg_rotation_new', envelope(2)));
    expect(signedNew.statusCode).toBe(204);
    const forged = await deliver(
      stack.bff,
      signDelivery(newWebhookSecret(), 'msg_rotation_forged', envelope(3)),
    );
    expect(forged.statusCode).toBe(401);
  });

  it('keeps real deliveries verifying across the switch, and retires the old secret after the grace period', async () => {
    const id = await consoleEndpointId();
    const before = webhookSecretSchema.parse(
      (await stack.request(admin, 'GET', `${webhooksPath}/${id}/secret`)).json(),
    ).key;
    const rotated = await stack.request(admin, 'POST', `${webhooksPath}/${id}/secret/rotate`);
    expect(rotated.statusCode).toBe(200);

    // The Lab API sends an event after the switch: it arrives, verified, in the inbox.
    const arrived = await stack.labApi.labEvents.unmatchedResultArrives();
    await stack.labApi.webhooks.settled();
    const deliveries = await stack.labApi.webhooks.deliveries();
    expect(deliveries.filter((d) => d.status !== 'succeeded')).toEqual([]);
    const inbox = await stack.store.db
      .selectFrom('webhook_inbox')
      .select('record_id')
      .where('record_id', '=', arrived.id)
      .execute();
    expect(inbox).toHaveLength(1);

    const secrets = await signingSecretsAt(Date.now());
    expect(secrets).toContain(before);
    const later = await signingSecretsAt(Date.now() + PREVIOUS_SECRET_GRACE_MS + 1000);
    expect(later).not.toContain(before);
    expect(later).not.toContain(original);
    expect(later).toHaveLength(1);
  });
});

/** What the BFF verifies with at a moment: a reader of the same store, as every replica is. */
function signingSecretsAt(now: number): Promise<string[]> {
  return new SigningSecrets(stack.store.db, original).current(now);
}
