import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  RESULTS_INBOX_COUNT_PATH,
  RESULTS_INBOX_PATH,
  RESULT_ACKNOWLEDGEMENTS_BULK_PATH,
  RESULT_ACKNOWLEDGEMENTS_PATH,
  RESULT_STATUSES,
  acknowledgeBodySchema,
  bulkAcknowledgeBodySchema,
  inboxFiltersSchema,
  orderSchema,
  ordersPageSchema,
  ORDERS_PAGE_SIZE_MAX,
  type Acknowledgement,
  type InboxCount,
  type InboxResponse,
  type Order,
} from '../../contract';
import { patientOfOrder, rememberOrderPatients } from '../platform/audit/orderPatients';
import { sendProblem } from '../platform/http/problem';
import { callLabApi } from '../platform/labApi/answer';
import type { LabApiClient } from '../platform/labApi/upstream';
import { acknowledgeRefusal, filterInbox, inboxItems, type AcknowledgeRefusal } from './inbox';
import type { Store } from '../platform/database/database';
import { acknowledgementsOf, recordAcknowledgements } from './acknowledgements';

export interface ResultsInboxOptions {
  store: Store;
  client: LabApiClient;
  /** Minutes a critical result may wait for an acknowledgement before it is overdue. */
  criticalAckMinutes: number;
}

/** Pages of the orders list read for one inbox: beyond this the answer says it is truncated. */
const MAX_PAGES = 10;
const orderIdQuerySchema = z.object({ order_id: z.uuid() });

/** The order whose acknowledgements are asked for, when the query names one. */
function orderIdAsked(request: FastifyRequest): string | null {
  const query = orderIdQuerySchema.safeParse(request.query);
  return query.success ? query.data.order_id : null;
}

class LabApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
  ) {
    super(title);
  }
}

/**
 * The results inbox, the console's own endpoints (not the proxy): the Lab API's orders
 * with results, minus the versions the team acknowledged in the BFF's store.
 * `GET /api/results/inbox`: what waits, critical first; `GET /api/results/acknowledgements`:
 * who acknowledged an order's results; `POST …/acknowledgements` (one, with a note) and
 * `POST …/acknowledgements/bulk` (normal results only).
 */
export function resultsInboxRoutes(fastify: FastifyInstance, opts: ResultsInboxOptions) {
  async function labGet<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const answer = await callLabApi(
      opts.client,
      { method: 'GET', pathAndQuery: path, headers: { accept: 'application/json' } },
      'json',
    );
    if (!answer.ok) throw new LabApiFailure(answer.status, answer.title, answer.detail);
    if (answer.status === 404) throw new LabApiFailure(404, 'Not found', 'No such order.');
    if (answer.status < 200 || answer.status >= 300 || !answer.body) {
      throw new LabApiFailure(
        answer.status >= 400 && answer.status < 500 ? answer.status : 502,
        'Lab API refused',
        'The Lab API did not give the results.',
      );
    }
    const parsed = schema.safeParse(JSON.parse(answer.body.toString('utf8')));
    if (!parsed.success) {
      throw new LabApiFailure(
        502,
        'Unexpected Lab API answer',
        'The Lab API answered in a form the console cannot use.',
      );
    }
    return parsed.data;
  }

  async function ordersWithResults(): Promise<{ orders: Order[]; truncated: boolean }> {
    const orders: Order[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const query = new URLSearchParams();
      for (const status of RESULT_STATUSES) query.append('status', status);
      query.set('size', String(ORDERS_PAGE_SIZE_MAX));
      query.set('page', String(page));
      query.set('order_key', 'created_at');
      query.set('order_direction', 'desc');
      const answer = await labGet(`/v3/orders?${query.toString()}`, ordersPageSchema);
      orders.push(...answer.orders);
      // Later rows naming one of these orders (its result, its PDF) name its patient.
      await rememberOrderPatients(
        opts.store.db,
        answer.orders.map((o) => ({ orderId: o.id, userId: o.user_id })),
        Date.now(),
      );
      const total = answer.total ?? null;
      const done =
        answer.orders.length < ORDERS_PAGE_SIZE_MAX || (total !== null && orders.length >= total);
      if (done) return { orders, truncated: false };
    }
    return { orders, truncated: true };
  }

  const fail = (reply: FastifyReply, error: unknown) => {
    if (error instanceof LabApiFailure) {
      return sendProblem(reply, error.status, error.title, error.detail);
    }
    throw error;
  };

  fastify.get(
    RESULTS_INBOX_PATH,
    { config: { access: 'results.read', audit: { recordType: 'result_list' } } },
    async (request, reply) => {
      const filters = inboxFiltersSchema.safeParse(request.query);
      if (!filters.success) {
        return sendProblem(reply, 400, 'Bad request', 'The inbox filters are not valid.');
      }
      let read;
      try {
        read = await ordersWithResults();
      } catch (error) {
        return fail(reply, error);
      }
      const acks = await acknowledgementsOf(
        opts.store.db,
        read.orders.map((o) => o.id),
      );
      const all = inboxItems(read.orders, acks, Date.now(), opts.criticalAckMinutes);
      const patients = new Map(all.map((i) => [i.user_id, i.patient_name]));
      const tests = new Map(all.map((i) => [i.lab_test_id, i.lab_test_name]));
      const body: InboxResponse = {
        items: filterInbox(all, filters.data),
        total: all.length,
        critical: all.filter((i) => i.interpretation === 'critical').length,
        overdue: all.filter((i) => i.overdue).length,
        patients: [...patients]
          .map(([user_id, name]) => ({ user_id, name }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        lab_tests: [...tests]
          .map(([id, name]) => ({ id, name }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        critical_ack_minutes: opts.criticalAckMinutes,
        truncated: read.truncated,
      };
      reply.header('cache-control', 'no-store');
      return body;
    },
  );

  /*
   * The navigation's badge polls this every 30 seconds in every open tab. It answers three
   * numbers and nothing that names or describes a patient, so a successful poll is not a
   * patient-data access and writes no audit row: one per poll would bury the audit trail in
   * noise (thousands of rows a day per clinician). It stays signed-in and role-checked, and a
   * refusal or a failure is still audited. Opening the inbox list (above) audits every read.
   */
  fastify.get(
    RESULTS_INBOX_COUNT_PATH,
    {
      config: {
        access: 'results.read',
        audit: {
          recordType: 'result_count',
          successNotAudited:
            'three numbers polled every 30 seconds in every tab, naming no patient: a row per poll would bury the trail',
        },
      },
    },
    async (_request, reply) => {
      let read;
      try {
        read = await ordersWithResults();
      } catch (error) {
        return fail(reply, error);
      }
      const acks = await acknowledgementsOf(
        opts.store.db,
        read.orders.map((o) => o.id),
      );
      const all = inboxItems(read.orders, acks, Date.now(), opts.criticalAckMinutes);
      const body: InboxCount = {
        total: all.length,
        critical: all.filter((i) => i.interpretation === 'critical').length,
        overdue: all.filter((i) => i.overdue).length,
      };
      reply.header('cache-control', 'no-store');
      return body;
    },
  );

  fastify.get(
    RESULT_ACKNOWLEDGEMENTS_PATH,
    {
      config: {
        access: 'results.read',
        audit: { recordType: 'order', recordId: orderIdAsked },
      },
    },
    async (request, reply) => {
      const query = orderIdQuerySchema.safeParse(request.query);
      if (!query.success) return sendProblem(reply, 400, 'Bad request', 'order_id must be a UUID.');
      request.auditedPatientId = await patientOfOrder(opts.store.db, query.data.order_id);
      const acks = await acknowledgementsOf(opts.store.db, [query.data.order_id]);
      reply.header('cache-control', 'no-store');
      return { acknowledgements: acks.map(toAcknowledgement) };
    },
  );

  /** Checks every order against its current state at the Lab API, then records them all. */
  async function acknowledge(
    request: FastifyRequest,
    reply: FastifyReply,
    items: readonly { order_id: string; version: string }[],
    note: string | undefined,
    mode: 'single' | 'bulk',
  ) {
    const account = request.session?.account;
    if (!account) return sendProblem(reply, 401, 'Sign-in required', 'Sign in to continue.');
    const refusals: AcknowledgeRefusal[] = [];
    /** Each order's patient, read from the order itself just now. */
    const patients = new Map<string, string>();
    for (const item of items) {
      let order: Order;
      try {
        order = await labGet(`/v3/order/${encodeURIComponent(item.order_id)}`, orderSchema);
      } catch (error) {
        const status = error instanceof LabApiFailure ? error.status : 500;
        await request.auditRow({
          recordId: item.order_id,
          patientId: await patientOfOrder(opts.store.db, item.order_id),
          outcome: status,
        });
        return fail(reply, error);
      }
      patients.set(order.id, order.user_id);
      const refusal = acknowledgeRefusal(order, item.version, mode, note);
      if (refusal) refusals.push(refusal);
    }
    if (refusals.length > 0) {
      for (const refusal of refusals) {
        await request.auditRow({
          recordId: refusal.orderId,
          patientId: patients.get(refusal.orderId) ?? null,
          outcome: 409,
        });
      }
      return sendProblem(reply, 409, 'Not acknowledged', refusalDetail(refusals));
    }
    const at = Date.now();
    await recordAcknowledgements(
      opts.store.db,
      items.map((item) => ({
        orderId: item.order_id,
        version: item.version,
        accountId: account.id,
        accountEmail: account.email,
        note: note ? note : null,
        at,
      })),
    );
    for (const item of items) {
      await request.auditRow({
        recordId: item.order_id,
        patientId: patients.get(item.order_id) ?? null,
        outcome: 201,
      });
    }
    const stored = await acknowledgementsOf(
      opts.store.db,
      items.map((i) => i.order_id),
    );
    reply.code(201);
    return {
      acknowledgements: stored
        .filter((s) => items.some((i) => i.order_id === s.orderId && i.version === s.version))
        .map(toAcknowledgement),
    };
  }

  // One row per order acknowledged (or refused), written as each is judged.
  const acknowledging = {
    access: 'results.acknowledge',
    audit: { recordType: 'order' },
  } as const;

  fastify.post(RESULT_ACKNOWLEDGEMENTS_PATH, { config: acknowledging }, async (request, reply) => {
    const body = acknowledgeBodySchema.safeParse(request.body);
    if (!body.success) {
      return sendProblem(
        reply,
        400,
        'Bad request',
        'An order id and its result version are needed.',
      );
    }
    const { note, ...item } = body.data;
    return acknowledge(request, reply, [item], note, 'single');
  });

  fastify.post(
    RESULT_ACKNOWLEDGEMENTS_BULK_PATH,
    { config: acknowledging },
    async (request, reply) => {
      const body = bulkAcknowledgeBodySchema.safeParse(request.body);
      if (!body.success) {
        return sendProblem(reply, 400, 'Bad request', 'Between 1 and 100 results are needed.');
      }
      return acknowledge(request, reply, body.data.items, body.data.note, 'bulk');
    },
  );
}

function toAcknowledgement(ack: {
  orderId: string;
  version: string;
  accountEmail: string;
  note: string | null;
  at: number;
}): Acknowledgement {
  return {
    order_id: ack.orderId,
    version: ack.version,
    acknowledged_at: new Date(ack.at).toISOString(),
    acknowledged_by: ack.accountEmail,
    note: ack.note,
  };
}

function refusalDetail(refusals: readonly AcknowledgeRefusal[]): string {
  if (refusals.some((r) => r.kind === 'not_normal')) {
    return 'Only normal results can be acknowledged together. Open abnormal and critical results and acknowledge each one.';
  }
  if (refusals.some((r) => r.kind === 'note_required')) {
    return 'A critical result is acknowledged with a note: say what was done about it.';
  }
  if (refusals.some((r) => r.kind === 'changed')) {
    return 'The results changed since you opened them. Read them again before acknowledging.';
  }
  return 'This order has no results to acknowledge.';
}
