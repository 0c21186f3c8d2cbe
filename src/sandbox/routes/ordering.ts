import { randomUUID } from 'node:crypto';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import {
  aoeIssues,
  createOrderRequestSchemaFor,
  MESSAGES,
  orderCrossChecks,
  requestedLabAccountId,
  resolveLabAccount,
  utcToday,
  type CollectionMethod,
  type ContractIssue,
  type CreateOrderRequest,
  type LabAccount,
} from '../../contract';
import { listLabAccounts } from '../store/labAccounts';
import type { OrderDocument } from '../store/orderDocument';
import {
  findMarkers,
  findTeamLabTests,
  insertGeneratedLabTest,
  insertNewOrder,
  type MarkerRow,
  type TeamLabTest,
} from '../store/orderWrites';
import { keepOrderAnswers } from '../store/orderAnswers';
import { rememberDemographics } from '../store/users';
import type { RouteContext } from './context';
import { firstEvents, newOrderDocument, newSampleId } from './orderBuild';
import { answerIdempotently, issuesOutcome, parseBody, type Outcome } from './outcome';
import { findLiveTeamUser } from './users';

export const ORDER_CREATED_MESSAGE = 'Order created successfully';

export interface OrderSet {
  tests: TeamLabTest[];
  markers: MarkerRow[];
  issues: ContractIssue[];
}

/** What the order names: its lab tests (order set or deprecated lab_test_id) or add-on markers. */
export async function loadOrderSet(
  ctx: RouteContext,
  request: Pick<CreateOrderRequest, 'order_set'> & { lab_test_id?: string | null | undefined },
): Promise<OrderSet> {
  const issues: ContractIssue[] = [];
  const setIds = request.order_set?.lab_test_ids ?? [];
  const ids = setIds.length > 0 ? setIds : request.lab_test_id ? [request.lab_test_id] : [];
  const found = await findTeamLabTests(ctx.db, ctx.teamId, ids);
  const tests: TeamLabTest[] = [];
  ids.forEach((id, index) => {
    const test = found.get(id.toLowerCase());
    if (test) tests.push(test);
    else {
      const path = setIds.length > 0 ? ['order_set', 'lab_test_ids', index] : ['lab_test_id'];
      issues.push({ path, message: MESSAGES.labTestNotFound });
    }
  });

  let markers: MarkerRow[] = tests.flatMap((t) =>
    (t.response.markers ?? []).map((m) => ({
      id: Number(m.id),
      lab_id: Number(m.lab_id),
      labSlug: t.labSlug ?? '',
      document: m as MarkerRow['document'],
    })),
  );
  const addOn = request.order_set?.add_on;
  if (addOn) {
    const markerIds = addOn.marker_ids ?? [];
    const providerIds = addOn.provider_ids ?? [];
    markers =
      markerIds.length > 0
        ? await findMarkers(ctx.db, { ids: markerIds })
        : await findMarkers(ctx.db, { providerIds });
    const known = new Set(
      markers.map((m) => (markerIds.length > 0 ? String(m.id) : String(m.document.provider_id))),
    );
    const asked = markerIds.length > 0 ? markerIds.map(String) : providerIds;
    const kind = markerIds.length > 0 ? 'marker_ids' : 'provider_ids';
    asked.forEach((value, index) => {
      if (!known.has(value)) {
        issues.push({
          path: ['order_set', 'add_on', kind, index],
          message: MESSAGES.markerNotFound,
        });
      }
    });
  }
  return { tests, markers, issues };
}

/** The order set's lab tests as the cross-checks judge them; add-on markers take `addOnMethod`. */
export function orderSetLabTests(orderSet: OrderSet, addOnMethod: string) {
  return orderSet.tests.length > 0
    ? orderSet.tests.map((t) => ({
        id: t.id,
        method: t.method,
        lab: t.labSlug ? { slug: t.labSlug } : null,
      }))
    : orderSet.markers.map((m) => ({
        id: String(m.id),
        method: addOnMethod,
        lab: { slug: m.labSlug },
      }));
}

/** The order's lab test: its one lab test, or one generated for several or for add-ons. */
export async function orderSetLabTestId(
  ctx: RouteContext,
  orderSet: OrderSet,
  method: CollectionMethod,
  nowIso: string,
): Promise<string> {
  const [onlyTest] = orderSet.tests;
  if (orderSet.tests.length === 1 && onlyTest) return onlyTest.id;
  return insertGeneratedLabTest(ctx.db, {
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
}

/** Stores the new order with its first events and keeps the patient's demographics. */
export async function keepNewOrder(
  ctx: RouteContext,
  document: OrderDocument,
  request: {
    patient_details: Parameters<typeof rememberDemographics>[2];
    patient_address: Parameters<typeof rememberDemographics>[3];
  },
  order: {
    labTestId: string;
    method: CollectionMethod;
    next: Parameters<typeof firstEvents>[2];
  },
) {
  const stored = await insertNewOrder(ctx.db, {
    document,
    labTestId: order.labTestId,
    method: order.method,
    orderTransactionId: null,
    events: firstEvents(order.method, document.created_at, order.next),
  });
  await rememberDemographics(
    ctx.db,
    document.user_id,
    request.patient_details,
    request.patient_address,
  );
  return stored;
}

async function createOrder(ctx: RouteContext, body: unknown): Promise<Outcome> {
  const now = ctx.now();
  const today = utcToday(now);
  const parsed = parseBody(createOrderRequestSchemaFor(today), body);
  if (!parsed.ok) return parsed.outcome;
  const request = parsed.value;

  const user = await findLiveTeamUser(ctx, request.user_id);
  if (!user.ok) return user.outcome;

  const accounts = (await listLabAccounts(ctx.db, ctx.teamId, {})) as LabAccount[];
  const resolved = resolveLabAccount(requestedLabAccountId(request), accounts);
  const orderSet = await loadOrderSet(ctx, request);
  const addOnMethod = request.collection_method ?? 'walk_in_test';
  const issues: ContractIssue[] = [
    ...(resolved.issue ? [resolved.issue] : []),
    ...orderSet.issues,
    ...orderCrossChecks(request, {
      labAccount: resolved.account,
      labTests: orderSetLabTests(orderSet, addOnMethod),
    }),
    ...aoeIssues(
      orderSet.markers.map((m) => m.document as Parameters<typeof aoeIssues>[0][number]),
      request.aoe_answers,
    ),
  ];
  if (issues.length > 0) return issuesOutcome(issues);

  const nowIso = now.toISOString();
  const [onlyTest] = orderSet.tests;
  const method = (onlyTest?.method ?? addOnMethod) as CollectionMethod;
  const labTestId = await orderSetLabTestId(ctx, orderSet, method, nowIso);

  const scheduled = typeof request.activate_by === 'string' && request.activate_by > today;
  const requisitioned = !scheduled;
  const id = randomUUID();
  const account = resolved.account;
  const defaultNotes = account?.default_clinical_notes ?? null;
  const clinicalNotes =
    [defaultNotes, request.clinical_notes].filter((n): n is string => !!n).join('\n') || null;
  const startMs =
    scheduled && request.activate_by ? Date.parse(request.activate_by) : now.getTime();

  const document = newOrderDocument(
    {
      id,
      userId: user.row.id,
      teamId: ctx.teamId,
      method,
      nowIso,
      request,
      startMs,
      test: onlyTest?.response ?? {},
    },
    {
      sample_id: requisitioned ? newSampleId() : null,
      clinical_notes: clinicalNotes,
      health_insurance_id: request.health_insurance ? randomUUID() : null,
      requisition_form_url: requisitioned
        ? `https://files.example.test/requisitions/${id}.pdf?signature=local`
        : null,
      priority: request.priority,
      activate_by: request.activate_by ?? null,
      passthrough: request.passthrough ?? null,
      icd_codes: request.icd_codes ?? null,
      has_abn: false,
    },
  );
  const order = await keepNewOrder(ctx, document, request, {
    labTestId,
    method,
    next: requisitioned ? 'requisition_created' : null,
  });
  await keepOrderAnswers(ctx.db, id, {
    aoeAnswers: request.aoe_answers,
    consents: request.consents,
  });
  return { statusCode: 200, body: { order, status: 'success', message: ORDER_CREATED_MESSAGE } };
}

export const orderingRoutes: FastifyPluginCallback<RouteContext> = (app, ctx, done) => {
  const handler = (request: FastifyRequest, reply: FastifyReply) =>
    answerIdempotently(ctx, request, reply, () => createOrder(ctx, request.body));
  app.post('/v3/order', handler);
  // The description's alias (facts: precedence rule 1).
  app.post('/v3/order/create', handler);
  done();
};
