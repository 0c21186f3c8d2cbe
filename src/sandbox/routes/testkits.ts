import { randomUUID } from 'node:crypto';
import type { FastifyPluginCallback } from 'fastify';
import {
  createTestkitOrderRequestSchema,
  MESSAGES,
  orderStatus,
  parseOrderStatus,
  registerTestkitRequestSchemaFor,
  resolveLabAccount,
  utcToday,
  type LabAccount,
} from '../../contract';
import { listLabAccounts } from '../store/labAccounts';
import type { OrderDocument } from '../store/orderDocument';
import { findOrder } from '../store/orders';
import {
  findKitBySampleId,
  findTeamLabTests,
  insertNewOrder,
  updateOrder,
} from '../store/orderWrites';
import { keepOrderAnswers } from '../store/orderAnswers';
import { findUserById, rememberDemographics } from '../store/users';
import type { RouteContext } from './context';
import {
  addressDocument,
  detailsFor,
  firstEvents,
  newSampleId,
  patientDetailsDocument,
  physicianDocument,
  resultDates,
} from './orderBuild';
import { answerIdempotently, issuesOutcome, parseBody, type Outcome } from './outcome';
import { findLiveTeamUser, USER_GONE } from './users';

export const KIT_NOT_FOUND = 'No unregistered test kit has this sample ID';
export const KIT_ALREADY_REGISTERED = 'This test kit is already registered';
export const USER_OTHER_TEAM = 'The user belongs to another team';

async function createKit(ctx: RouteContext, body: unknown): Promise<Outcome> {
  const parsed = parseBody(createTestkitOrderRequestSchema, body);
  if (!parsed.ok) return parsed.outcome;
  const request = parsed.value;
  const user = await findLiveTeamUser(ctx, request.user_id);
  if (!user.ok) return user.outcome;

  const test = (await findTeamLabTests(ctx.db, ctx.teamId, [request.lab_test_id])).get(
    request.lab_test_id.toLowerCase(),
  );
  // The description gives kits no account rule: a named account must exist and be active;
  // none named means the lab's own (no resolution among the team's accounts).
  const accounts = (await listLabAccounts(ctx.db, ctx.teamId, {})) as LabAccount[];
  const resolved = request.lab_account_id
    ? resolveLabAccount(request.lab_account_id, accounts)
    : { account: null };
  const issues = [
    ...(resolved.issue ? [resolved.issue] : []),
    ...(!test
      ? [{ path: ['lab_test_id'], message: MESSAGES.labTestNotFound }]
      : test.method !== 'testkit'
        ? [{ path: ['lab_test_id'], message: MESSAGES.testkitLabTest }]
        : []),
  ];
  if (issues.length > 0 || !test) return issuesOutcome(issues);

  const now = ctx.now();
  const nowIso = now.toISOString();
  const shipping = request.shipping_details;
  const document: OrderDocument = {
    id: randomUUID(),
    user_id: user.row.id,
    team_id: ctx.teamId,
    patient_details: null,
    patient_address: null,
    details: detailsFor('testkit', nowIso),
    // The kit's barcode: registration finds the order by it.
    sample_id: newSampleId(),
    notes: null,
    clinical_notes: null,
    created_at: nowIso,
    updated_at: nowIso,
    physician: null,
    health_insurance_id: null,
    requisition_form_url: null,
    priority: false,
    shipping_details: {
      receiver_name: shipping.receiver_name,
      first_line: shipping.first_line,
      second_line: shipping.second_line ?? null,
      city: shipping.city,
      state: shipping.state,
      zip: shipping.zip,
      country: shipping.country,
      phone_number: shipping.phone_number,
    },
    activate_by: null,
    passthrough: request.passthrough ?? null,
    billing_type: 'client_bill',
    icd_codes: null,
    has_abn: false,
    interpretation: null,
    has_missing_results: null,
    ...resultDates(now.getTime(), test.response),
    origin: 'initial',
    parent_id: null,
  };
  const order = await insertNewOrder(ctx.db, {
    document,
    labTestId: test.id,
    method: 'testkit',
    orderTransactionId: null,
    events: firstEvents('testkit', nowIso, 'awaiting_registration'),
  });
  return {
    statusCode: 200,
    body: { order, status: 'success', message: 'Order created successfully' },
  };
}

const REGISTRABLE = new Set([
  'awaiting_registration',
  'transit_customer',
  'out_for_delivery',
  'with_customer',
]);

async function registerKit(ctx: RouteContext, body: unknown): Promise<Outcome> {
  const now = ctx.now();
  const parsed = parseBody(registerTestkitRequestSchemaFor(utcToday(now)), body);
  if (!parsed.ok) return parsed.outcome;
  const request = parsed.value;

  const kit = await findKitBySampleId(ctx.db, ctx.teamId, request.sample_id);
  if (!kit) return { statusCode: 404, body: { detail: KIT_NOT_FOUND } };
  const low = parseOrderStatus(kit.events.at(-1)?.status ?? '').knownLowLevel;
  if (kit.document.patient_details !== null || !low || !REGISTRABLE.has(low)) {
    return { statusCode: 400, body: { detail: KIT_ALREADY_REGISTERED } };
  }

  let userId = kit.document.user_id;
  if (request.user_id && request.user_id.toLowerCase() !== userId) {
    const other = await findUserById(ctx.db, request.user_id);
    if (other && other.team_id !== ctx.teamId) {
      return { statusCode: 403, body: { detail: USER_OTHER_TEAM } };
    }
    if (!other || other.deleted_at !== null) {
      return { statusCode: 404, body: { detail: USER_GONE } };
    }
    userId = other.id;
  }

  const nowIso = now.toISOString();
  const document: OrderDocument = {
    ...kit.document,
    user_id: userId,
    patient_details: patientDetailsDocument(request.patient_details),
    patient_address: addressDocument(request.patient_address),
    physician: physicianDocument(request.physician) ?? kit.document.physician,
    health_insurance_id: request.health_insurance ? randomUUID() : kit.document.health_insurance_id,
    requisition_form_url: `https://files.example.test/requisitions/${kit.document.id}.pdf?signature=local`,
    updated_at: nowIso,
  };
  await updateOrder(ctx.db, { ...kit, document }, [
    { created_at: nowIso, status: orderStatus('testkit', 'registered'), status_detail: null },
    {
      created_at: nowIso,
      status: orderStatus('testkit', 'requisition_created'),
      status_detail: null,
    },
  ]);
  await rememberDemographics(ctx.db, userId, request.patient_details, request.patient_address);
  await keepOrderAnswers(ctx.db, document.id, { consents: request.consents });
  const order = await findOrder(ctx.db, ctx.teamId, document.id);
  return {
    statusCode: 200,
    body: { order, status: 'success', message: 'Order registered successfully' },
  };
}

export const testkitRoutes: FastifyPluginCallback<RouteContext> = (app, ctx, done) => {
  app.post('/v3/order/testkit', (request, reply) =>
    answerIdempotently(ctx, request, reply, () => createKit(ctx, request.body)),
  );
  app.post('/v3/order/testkit/register', (request, reply) =>
    answerIdempotently(ctx, request, reply, () => registerKit(ctx, request.body)),
  );
  done();
};
