import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import { z } from 'zod';
import { NOT_FOUND_DETAIL, parseOrderStatus } from '../../contract';
import { canCancel, cancelRefusal } from '../../contract/cancellation';
import { simulateBodySchema, simulateQuerySchema } from '../../contract/results';
import { parseRequestPart } from '../http/validation';
import { textPdf } from '../lifecycle/pdf';
import { patientIdentifiers, requisitionLines } from '../lifecycle/requisition';
import type { Simulator } from '../lifecycle/simulator';
import { pathTo } from '../lifecycle/transitions';
import { appendStatus, findResults, loadOrder } from '../store/lifecycle';
import { findLabTestsByIds } from '../store/labTests';
import { orderAnswersOf } from '../store/orderAnswers';
import { findOrder } from '../store/orders';
import type { RouteContext } from './context';

const orderPathSchema = z.object({ order_id: z.guid() });

/* The not-found wording differs per endpoint on the real service (docs/lab-api-facts.md §2). */
const NOT_FOUND = {
  action: "Order doesn't exist",
  result: 'Order not found',
} as const;

export interface TrackingContext extends RouteContext {
  simulator: Simulator;
}

interface LabResultsLike {
  metadata?: { interpretation?: string | null; status?: string | null };
  results?: {
    name: string;
    result: string;
    unit?: string | null;
    reference_range?: string | null;
    interpretation?: string | null;
  }[];
  missing_results?: { name: string; inferred_failure_type?: string | null }[];
}

function sendPdf(reply: FastifyReply, filename: string, doc: PDFKit.PDFDocument) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(doc);
}

export const trackingRoutes: FastifyPluginCallback<TrackingContext> = (app, ctx, done) => {
  const at = () => ctx.now().toISOString();

  app.post('/v3/order/:order_id/test', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const query = parseRequestPart(simulateQuerySchema, request.query, 'query');
    const body = parseRequestPart(simulateBodySchema, request.body ?? {}, 'body');
    const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
    if (!stored) return reply.code(404).send({ detail: NOT_FOUND.action });

    const target = query.final_status
      ? parseOrderStatus(query.final_status)
      : { method: stored.record.method, lowLevel: 'completed' };
    if (target.method !== stored.record.method) {
      return reply.code(400).send({
        detail: `final_status ${query.final_status ?? ''} is not a ${stored.record.method} status`,
      });
    }
    const path = pathTo(stored.record.method, stored.lowLevel, target.lowLevel);
    if (path === null) {
      return reply.code(400).send({
        detail: `Cannot simulate from ${stored.lowLevel} to ${target.lowLevel}`,
      });
    }
    await ctx.simulator.start(stored.record.document.id, path, query.delay ?? 0, body);
    // The real sandbox answers the JSON string "Success" (docs/lab-api-facts.md §5).
    return reply.type('application/json').send(JSON.stringify('Success'));
  });

  app.post('/v3/order/:order_id/cancel', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const refusal = await ctx.simulator.exclusive(async () => {
      const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
      if (!stored) return { code: 404, body: { detail: NOT_FOUND.action } };
      if (!canCancel(stored.record.method, stored.lowLevel)) {
        return { code: 400, body: cancelRefusal(stored.lowLevel) };
      }
      await appendStatus(ctx.db, stored, 'cancelled', at());
      return null;
    });
    if (refusal) return reply.code(refusal.code).send(refusal.body);
    await ctx.simulator.forget(order_id.toLowerCase());
    const order = await findOrder(ctx.db, ctx.teamId, order_id);
    return { order, status: 'success', message: 'Order cancelled' };
  });

  app.get('/v3/order/:order_id/result', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
    if (!stored) return reply.code(404).send({ detail: NOT_FOUND.result });
    const results = await findResults(ctx.db, stored.record.document.id);
    if (!results) return reply.code(404).send({ detail: 'No results for this order yet' });
    return results;
  });

  // The metadata alone (lab, provider, sample dates), as the results answer carries it.
  app.get('/v3/order/:order_id/result/metadata', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
    if (!stored) return reply.code(404).send({ detail: NOT_FOUND.result });
    const results = (await findResults(ctx.db, stored.record.document.id)) as
      { metadata?: unknown } | undefined;
    if (!results) return reply.code(404).send({ detail: 'No results for this order yet' });
    return results.metadata;
  });

  app.get('/v3/order/:order_id/result/pdf', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
    if (!stored) return reply.code(404).send({ detail: NOT_FOUND.result });
    const results = (await findResults(ctx.db, stored.record.document.id)) as
      LabResultsLike | undefined;
    if (!results) return reply.code(404).send({ detail: 'No results for this order yet' });
    const doc = stored.record.document;
    const lines = [
      `Order ${doc.id}`,
      ...patientIdentifiers(doc),
      `Sample ID: ${doc.sample_id ?? '-'}`,
      `Status: ${results.metadata?.status ?? '-'}   Interpretation: ${results.metadata?.interpretation ?? '-'}`,
      '',
      ...(results.results ?? []).map(
        (r) =>
          `${r.name}: ${r.result} ${r.unit ?? ''}  (ref ${r.reference_range ?? '-'}) ${r.interpretation ?? ''}`,
      ),
      ...(results.missing_results ?? []).map(
        (m) => `${m.name}: missing (${m.inferred_failure_type ?? 'unknown'})`,
      ),
    ];
    return sendPdf(reply, `results-${doc.id}.pdf`, textPdf('Lab results (sandbox)', lines));
  });

  app.get('/v3/order/:order_id/requisition/pdf', async (request, reply) => {
    const { order_id } = parseRequestPart(orderPathSchema, request.params, 'path');
    const stored = await loadOrder(ctx.db, ctx.teamId, order_id);
    if (!stored) return reply.code(404).send({ detail: NOT_FOUND_DETAIL.order });
    const doc = stored.record.document;
    const requisitioned = stored.record.events.some((e) =>
      /requisition_created|requisition_bypassed|registered/.test(e.status),
    );
    if (!requisitioned && stored.lowLevel === 'ordered') {
      return reply.code(404).send({ detail: 'The requisition form is not ready yet' });
    }
    const test = (await findLabTestsByIds(ctx.db, [stored.record.labTestId])).get(
      stored.record.labTestId,
    );
    const answers = await orderAnswersOf(ctx.db, doc.id);
    const lines = requisitionLines(doc, stored.record.method, test, answers);
    return sendPdf(reply, `requisition-${doc.id}.pdf`, textPdf('Requisition (sandbox)', lines));
  });

  done();
};
