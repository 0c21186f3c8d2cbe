import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postOrderResponseSchema, userSchema } from '../contract';
import { verifyAuditChain } from '../bff/platform/audit/auditChain';
import { validOrder } from '../sandbox/test/ordering';
import { accountEmail, startStack, type Stack } from './stack';

let stack: Stack;
let coordinator: string;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  stack = await startStack();
  coordinator = await stack.signIn('coordinator');
});
afterAll(() => stack.close());

/** The question an auditor asks: who did this to that record, and did it work? */
const whoDid = (action: string, recordId: string) =>
  stack.store.db
    .selectFrom('audit_event')
    .select(['account_email', 'role', 'outcome'])
    .where('action', '=', action)
    .where('record_id', '=', recordId)
    .execute();

describe('the audit trail names the record of every create', () => {
  it('answers who created a patient and who created an order', async () => {
    const created = await stack.request(coordinator, 'POST', '/api/lab/v2/user', {
      headers: json,
      body: JSON.stringify({ client_user_id: 'audit-created-1' }),
    });
    const userId = userSchema.parse(created.json()).user_id;
    const ordered = await stack.request(coordinator, 'POST', '/api/lab/v3/order', {
      headers: { ...json, 'x-idempotency-key': 'audit-order-key' },
      body: JSON.stringify(validOrder({ user_id: userId })),
    });
    expect(ordered.statusCode).toBe(200);
    const orderId = postOrderResponseSchema.parse(ordered.json()).order.id;

    const expected = [
      { account_email: accountEmail('coordinator'), role: 'coordinator', outcome: 200 },
    ];
    expect(await whoDid('POST /v2/user', userId)).toEqual(expected);
    expect(await whoDid('POST /v3/order', orderId)).toEqual(expected);
    // The answer was passed on whole although the BFF read it.
    expect(postOrderResponseSchema.parse(ordered.json()).order.user_id).toBe(userId);
  });

  it('answers who restored a deleted patient, by user id or by client user id', async () => {
    const restore = async (clientUserId: string, by: 'user_id' | 'client_user_id') => {
      const created = await stack.request(coordinator, 'POST', '/api/lab/v2/user', {
        headers: json,
        body: JSON.stringify({ client_user_id: clientUserId }),
      });
      const userId = userSchema.parse(created.json()).user_id;
      const deleted = await stack.request(coordinator, 'DELETE', `/api/lab/v2/user/${userId}`);
      expect(deleted.statusCode).toBe(200);
      const value = by === 'user_id' ? userId : clientUserId;
      const restored = await stack.request(
        coordinator,
        'POST',
        `/api/lab/v2/user/undo_delete?${by}=${encodeURIComponent(value)}`,
      );
      expect(restored.statusCode).toBe(200);
      return value;
    };
    const byId = await restore('audit-restored-1', 'user_id');
    expect(await whoDid('POST /v2/user/undo_delete', byId)).toEqual([
      { account_email: accountEmail('coordinator'), role: 'coordinator', outcome: 200 },
    ]);
    const byClientId = await restore('audit-restored-2', 'client_user_id');
    expect(await whoDid('POST /v2/user/undo_delete', byClientId)).toHaveLength(1);
  });

  it('keeps the chain of the rows the console wrote intact', async () => {
    expect(await verifyAuditChain(stack.store.db)).toMatchObject({ ok: true });
  });
});
