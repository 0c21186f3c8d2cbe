import { randomUUID } from 'node:crypto';
import type { FastifyPluginCallback } from 'fastify';
import {
  IMPORT_MESSAGES,
  importOrderRequestSchemaFor,
  orderCrossChecks,
  resolveImportAccount,
  utcToday,
  type CollectionMethod,
  type ContractIssue,
  type LabAccount,
} from '../../contract';
import { listLabAccounts } from '../store/labAccounts';
import type { RouteContext } from './context';
import { newOrderDocument } from './orderBuild';
import { keepNewOrder, loadOrderSet, orderSetLabTestId, orderSetLabTests } from './ordering';
import { issuesOutcome, parseBody, type Outcome } from './outcome';
import { findLiveTeamUser } from './users';

export const ORDER_IMPORTED_MESSAGE = 'Order imported successfully';

/**
 * `POST /v3/order/import`: an order placed outside the API, with the sample id the lab
 * already gave it. Its requisition exists (the lab has it), so it starts at
 * requisition_created; a PENDING lab account is accepted (the description says so).
 */
async function importOrder(ctx: RouteContext, body: unknown): Promise<Outcome> {
  const now = ctx.now();
  const parsed = parseBody(importOrderRequestSchemaFor(utcToday(now)), body);
  if (!parsed.ok) return parsed.outcome;
  const request = parsed.value;

  const user = await findLiveTeamUser(ctx, request.user_id);
  if (!user.ok) return user.outcome;

  const accounts = (await listLabAccounts(ctx.db, ctx.teamId, {})) as LabAccount[];
  const resolved = resolveImportAccount(
    request.order_set.lab_account_id ?? request.lab_account_id,
    accounts,
  );
  const orderSet = await loadOrderSet(ctx, request);
  const taken = await ctx.db
    .selectFrom('lab_order')
    .select('id')
    .where('team_id', '=', ctx.teamId)
    .where('sample_id', '=', request.sample_id)
    .executeTakeFirst();
  const issues: ContractIssue[] = [
    ...(resolved.issue ? [resolved.issue] : []),
    ...(taken ? [{ path: ['sample_id'], message: IMPORT_MESSAGES.sampleIdTaken }] : []),
    ...orderSet.issues,
    ...orderCrossChecks(request, {
      labAccount: resolved.account,
      labTests: orderSetLabTests(orderSet, request.collection_method),
    }),
  ];
  if (issues.length > 0) return issuesOutcome(issues);

  const nowIso = now.toISOString();
  const method: CollectionMethod = request.collection_method;
  const [onlyTest] = orderSet.tests;
  const labTestId = await orderSetLabTestId(ctx, orderSet, method, nowIso);
  const document = newOrderDocument(
    {
      id: randomUUID(),
      userId: user.row.id,
      teamId: ctx.teamId,
      method,
      nowIso,
      request,
      startMs: now.getTime(),
      test: onlyTest?.response ?? {},
    },
    {
      sample_id: request.sample_id,
      clinical_notes: resolved.account?.default_clinical_notes ?? null,
      health_insurance_id: null,
      requisition_form_url: null,
      priority: false,
      activate_by: null,
      passthrough: null,
      icd_codes: null,
      // Medicare may not cover what a patient pays for: those orders come with an ABN.
      has_abn: request.billing_type === 'patient_bill',
    },
  );
  const order = await keepNewOrder(ctx, document, request, {
    labTestId,
    method,
    next: 'requisition_created',
  });
  return { statusCode: 200, body: { order, status: 'success', message: ORDER_IMPORTED_MESSAGE } };
}

export const orderImportRoutes: FastifyPluginCallback<RouteContext> = (app, ctx, done) => {
  app.post('/v3/order/import', async (request, reply) => {
    const outcome = await importOrder(ctx, request.body);
    return reply.code(outcome.statusCode).send(outcome.body);
  });
  done();
};
