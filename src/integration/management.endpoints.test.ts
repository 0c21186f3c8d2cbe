import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSOLE_INTAKE_PROBLEM,
  DELETE_INTAKE_CONFIRMATION,
  WEBHOOK_RECEIVER_PATH,
  problemSchema,
  webhookListSchema,
  webhookSchema,
} from '../contract';
import { DEMO_TEAM_ID } from '../sandbox/seed';
import { newWebhookSecret } from './liveClient';
import { startStack, type Stack } from './stack';

/*
 * Webhook endpoints an admin cannot point inside: private and loopback addresses are
 * refused when the console talks to the real Lab API (here a stack that calls itself a
 * sandbox deployment), an address already registered is named as such, and the console's
 * own intake is not deleted without saying that live updates stop.
 */

const webhooksPath = `/api/management/teams/${DEMO_TEAM_ID}/sandbox/webhooks`;
const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const stacks: Stack[] = [];
afterAll(async () => {
  for (const stack of stacks) await stack.close();
});

async function adminOf(stack: Stack) {
  stacks.push(stack);
  return stack.signIn('admin');
}

describe('webhook endpoints in front of the real Lab API', () => {
  let stack: Stack;
  let admin: string;
  beforeAll(async () => {
    stack = await startStack({ upstream: { environment: 'sandbox' } });
    admin = await adminOf(stack);
  });

  it('refuses loopback and private addresses, with a reason, before the Lab API is asked', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hooks',
      'http://localhost/hooks',
      'http://10.1.2.3/hooks',
      'http://192.168.0.10/hooks',
      'http://[::1]/hooks',
    ]) {
      const before = stack.upstreamCalls.length;
      const answer = await stack.request(admin, 'POST', webhooksPath, json({ url }));
      expect(answer.statusCode, url).toBe(422);
      expect(JSON.stringify(answer.json()), url).toMatch(/address/);
      expect(stack.upstreamCalls.slice(before).filter((c) => c.startsWith('POST '))).toEqual([]);
    }
    const created = await stack.request(
      admin,
      'POST',
      webhooksPath,
      json({ url: 'https://hooks.example.test/real' }),
    );
    expect(created.statusCode).toBe(201);
    // An edit to a private address is refused the same way.
    const id = webhookSchema.parse(created.json()).id;
    const moved = await stack.request(
      admin,
      'PATCH',
      `${webhooksPath}/${id}`,
      json({ url: 'http://172.16.0.5/x' }),
    );
    expect(moved.statusCode).toBe(422);
  });
});

describe('webhook endpoints in front of the local Lab API', () => {
  const secret = newWebhookSecret();
  let stack: Stack;
  let admin: string;
  beforeAll(async () => {
    stack = await startStack({ webhookSecret: secret });
    admin = await adminOf(stack);
  });

  it('accepts a loopback address for the local Lab API', async () => {
    const answer = await stack.request(
      admin,
      'POST',
      webhooksPath,
      json({ url: 'http://127.0.0.1:9999/local-receiver' }),
    );
    expect(answer.statusCode).toBe(201);
  });

  it('answers 409 when the address is already registered, on create and on edit', async () => {
    const first = await stack.request(
      admin,
      'POST',
      webhooksPath,
      json({ url: 'https://ehr.example.test/lab', description: 'EHR bridge' }),
    );
    expect(first.statusCode).toBe(201);
    const again = await stack.request(
      admin,
      'POST',
      webhooksPath,
      json({ url: 'https://EHR.example.test:443/lab' }),
    );
    expect(again.statusCode).toBe(409);
    expect(problemSchema.parse(again.json()).detail).toMatch(/already registered.*EHR bridge/);

    const other = await stack.request(
      admin,
      'POST',
      webhooksPath,
      json({ url: 'https://other.example.test/lab' }),
    );
    const otherId = webhookSchema.parse(other.json()).id;
    const clash = await stack.request(
      admin,
      'PATCH',
      `${webhooksPath}/${otherId}`,
      json({ url: 'https://ehr.example.test/lab' }),
    );
    expect(clash.statusCode).toBe(409);
    // Saving an endpoint with its own address is no clash.
    const same = await stack.request(
      admin,
      'PATCH',
      `${webhooksPath}/${otherId}`,
      json({ url: 'https://other.example.test/lab', description: 'Other' }),
    );
    expect(same.statusCode).toBe(200);
  });

  it('deletes the console’s own intake only when told that live updates will stop', async () => {
    await stack.labApi.management.registerHostEndpoint({
      url: `http://127.0.0.1:4000${WEBHOOK_RECEIVER_PATH}`,
      secret,
    });
    const listed = webhookListSchema.parse(
      (await stack.request(admin, 'GET', webhooksPath)).json(),
    ).data;
    const intake = listed.find((e) => e.url.endsWith(WEBHOOK_RECEIVER_PATH));
    const plain = listed.find((e) => e.url === 'http://127.0.0.1:9999/local-receiver');
    if (!intake || !plain) throw new Error('endpoints missing');

    const warned = await stack.request(admin, 'DELETE', `${webhooksPath}/${intake.id}`);
    expect(warned.statusCode).toBe(409);
    const warning = problemSchema.parse(warned.json());
    expect(warning.type).toBe(CONSOLE_INTAKE_PROBLEM);
    expect(warning.detail).toMatch(/stops live updates/);
    const still = webhookListSchema.parse((await stack.request(admin, 'GET', webhooksPath)).json());
    expect(still.data.map((e) => e.id)).toContain(intake.id);

    // Another endpoint goes without a question.
    expect((await stack.request(admin, 'DELETE', `${webhooksPath}/${plain.id}`)).statusCode).toBe(
      204,
    );
    const confirmed = await stack.request(
      admin,
      'DELETE',
      `${webhooksPath}/${intake.id}?confirm=${DELETE_INTAKE_CONFIRMATION}`,
    );
    expect(confirmed.statusCode).toBe(204);
    const after = webhookListSchema.parse((await stack.request(admin, 'GET', webhooksPath)).json());
    expect(after.data.map((e) => e.id)).not.toContain(intake.id);
  });
});
