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
import type { OrderDocument } from '../store/orderDocument';
import { insertGeneratedLabTest, insertNewOrder } from '../store/orderWrites';
import { rememberDemographics } from '../store/users';
import type { RouteContext } from './context';
import {
  addressDocument,
  detailsFor,
  firstEvents,
  patientDetailsDocument,
  physicianDocument,
  resultDates,
} from './orderBuild';
import { loadOrderSet } from './ordering';
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
      labTests:
        orderSet.tests.length > 0
          ? orderSet.tests.map((t) => ({
              id: t.id,
              method: t.method,
              lab: t.labSlug ? { slug: t.labSlug } : null,
            }))
          : orderSet.markers.map((m) => ({
              id: String(m.id),
              method: request.collection_method,
              lab: { slug: m.labSlug },
            })),
    }),
  ];
  if (issues.length > 0) return issuesOutcome(issues);

  const nowIso = now.toISOString();
  const method: CollectionMethod = request.collection_method;
  const [onlyTest] = orderSet.tests;
  const labTestId =
    orderSet.tests.length === 1 && onlyTest
      ? onlyTest.id
      : await insertGeneratedLabTest(ctx.db, {
          teamId: ctx.teamId,
          name:
            orderSet.tests.length > 0
              ? orderSet.tests.map((t) => String(t.response.name)).join(' + ')
              : `Add-on: ${orderSet.markers.map((m) => String(m.document.name)).join(', ')}`,
          method,
          labId: orderSet.markers[0]?.lab_id ?? null,
          markerIds: orderSet.markers.map((m) => m.id),
          now: nowIso,
        });
  const id = randomUUID();
  const document: OrderDocument = {
    id,
    user_id: user.row.id,
    team_id: ctx.teamId,
    patient_details: patientDetailsDocument(request.patient_details),
    patient_address: addressDocument(request.patient_address),
    details: detailsFor(method, nowIso),
    sample_id: request.sample_id,
    notes: null,
    clinical_notes: resolved.account?.default_clinical_notes ?? null,
    created_at: nowIso,
    updated_at: nowIso,
    physician: physicianDocument(request.physician),
    health_insurance_id: null,
    requisition_form_url: null,
    priority: false,
    shipping_details: null,
    activate_by: null,
    passthrough: null,
    billing_type: request.billing_type,
    icd_codes: null,
    // Medicare may not cover what a patient pays for: those orders come with an ABN.
    has_abn: request.billing_type === 'patient_bill',
    interpretation: null,
    has_missing_results: null,
    ...resultDates(now.getTime(), onlyTest?.response ?? {}),
    origin: 'initial',
    parent_id: null,
  };
  const order = await insertNewOrder(ctx.db, {
    document,
    labTestId,
    method,
    orderTransactionId: null,
    events: firstEvents(method, nowIso, 'requisition_created'),
  });
  await rememberDemographics(ctx.db, user.row.id, request.patient_details, request.patient_address);
  return { statusCode: 200, body: { order, status: 'success', message: ORDER_IMPORTED_MESSAGE } };
}

export const orderImportRoutes: FastifyPluginCallback<RouteContext> = (app, ctx, done) => {
  app.post('/v3/order/import', async (request, reply) => {
    const outcome = await importOrder(ctx, request.body);
    return reply.code(outcome.statusCode).send(outcome.body);
  });
  done();
};
