import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import { z } from 'zod';
import { NOT_FOUND_DETAIL, labelsQuerySchema } from '../../contract';
import { parseRequestPart } from '../http/validation';
import { ABN_LINES, instructionLines, labelsPdf } from '../lifecycle/documents';
import { textPdf } from '../lifecycle/pdf';
import { tubesOf } from '../lifecycle/requisition';
import { findLabTestsByIds } from '../store/labTests';
import { loadOrder } from '../store/lifecycle';
import { findTransaction, transactionResults } from '../store/orderTransactions';
import type { RouteContext } from './context';

const orderPathSchema = z.object({ order_id: z.guid() });
const labTestPathSchema = z.object({ lab_test_id: z.guid() });
const transactionPathSchema = z.object({ transaction_id: z.guid() });

const TRANSACTION_NOT_FOUND = 'Order transaction not found';
const NO_RESULTS = 'No results for this order transaction yet';

function sendPdf(reply: FastifyReply, filename: string, doc: PDFKit.PDFDocument) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(doc);
}

/** Labels, ABN and collection instructions of an order; order transactions and their results. */
export const orderDocumentsRoutes: FastifyPluginCallback<RouteContext> = (app, ctx, done) => {
  const orderOf = async (params: unknown) => {
    const { order_id } = parseRequestPart(orderPathSchema, params, 'path');
    return loadOrder(ctx.db, ctx.teamId, order_id);
  };
  const testOf = async (id: string) => (await findLabTestsByIds(ctx.db, [id])).get(id);

  app.get('/v3/order/:order_id/labels/pdf', async (request, reply) => {
    const stored = await orderOf(request.params);
    const query = parseRequestPart(labelsQuerySchema, request.query, 'query');
    if (!stored) return reply.code(404).send({ detail: NOT_FOUND_DETAIL.order });
    const doc = stored.record.document;
    // Labels carry the sample id, which the requisition gives; a cancelled order is not drawn.
    if (!doc.sample_id) {
      return reply
        .code(400)
        .send({ detail: 'The order has no sample id yet: labels follow the requisition' });
    }
    if (/^cancelled\./.test(stored.record.events.at(-1)?.status ?? '')) {
      return reply.code(400).send({ detail: 'The order is cancelled: no specimens to label' });
    }
    const test = await testOf(stored.record.labTestId);
    return sendPdf(
      reply,
      `labels-${doc.id}.pdf`,
      labelsPdf(doc, query.number_of_labels, query.collection_date, {
        testName: typeof test?.name === 'string' ? test.name : 'Lab test',
        tubes: tubesOf(test),
      }),
    );
  });

  app.get('/v3/order/:order_id/abn_pdf', async (request, reply) => {
    const stored = await orderOf(request.params);
    if (!stored) return reply.code(404).send({ detail: NOT_FOUND_DETAIL.order });
    const doc = stored.record.document;
    if (!doc.has_abn) return reply.code(404).send({ detail: 'This order has no ABN form' });
    const test = await testOf(stored.record.labTestId);
    const lines = ABN_LINES(doc, typeof test?.name === 'string' ? test.name : 'this test');
    return sendPdf(
      reply,
      `abn-${doc.id}.pdf`,
      textPdf('Advance Beneficiary Notice (sandbox)', lines),
    );
  });

  app.get('/v3/order/:order_id/collection_instruction_pdf', async (request, reply) => {
    const stored = await orderOf(request.params);
    if (!stored) return reply.code(404).send({ detail: NOT_FOUND_DETAIL.order });
    const doc = stored.record.document;
    const test = await testOf(stored.record.labTestId);
    const lines = [
      `Order ${doc.id}`,
      ...instructionLines({
        name: typeof test?.name === 'string' ? test.name : '',
        method: stored.record.method,
        fasting: test?.fasting === true,
      }),
    ];
    return sendPdf(
      reply,
      `instructions-${doc.id}.pdf`,
      textPdf('Collection instructions (sandbox)', lines),
    );
  });

  app.get('/v3/lab_test/:lab_test_id/collection_instruction_pdf', async (request, reply) => {
    const { lab_test_id } = parseRequestPart(labTestPathSchema, request.params, 'path');
    const row = await ctx.db
      .selectFrom('lab_test')
      .select('id')
      .where('team_id', '=', ctx.teamId)
      .where('id', '=', lab_test_id.toLowerCase())
      .executeTakeFirst();
    const test = row ? await testOf(row.id) : undefined;
    if (!test) return reply.code(404).send({ detail: 'Lab test not found' });
    // The test's own field decides, so the console can offer the document only where it exists.
    if (test.has_collection_instructions !== true) {
      return reply.code(404).send({ detail: 'This lab test has no collection instructions' });
    }
    const lines = instructionLines({
      name: String(test.name),
      method: String(test.method),
      fasting: test.fasting === true,
    });
    return sendPdf(
      reply,
      `instructions-${test.id}.pdf`,
      textPdf('Collection instructions (sandbox)', lines),
    );
  });

  app.get('/v3/order_transaction/:transaction_id', async (request, reply) => {
    const { transaction_id } = parseRequestPart(transactionPathSchema, request.params, 'path');
    const transaction = await findTransaction(ctx.db, ctx.teamId, transaction_id);
    if (!transaction) return reply.code(404).send({ detail: TRANSACTION_NOT_FOUND });
    return transaction;
  });

  app.get('/v3/order_transaction/:transaction_id/result', async (request, reply) => {
    const { transaction_id } = parseRequestPart(transactionPathSchema, request.params, 'path');
    const transaction = await findTransaction(ctx.db, ctx.teamId, transaction_id);
    if (!transaction) return reply.code(404).send({ detail: TRANSACTION_NOT_FOUND });
    const combined = await transactionResults(ctx.db, transaction);
    if (!combined) return reply.code(404).send({ detail: NO_RESULTS });
    return combined;
  });

  app.get('/v3/order_transaction/:transaction_id/result/pdf', async (request, reply) => {
    const { transaction_id } = parseRequestPart(transactionPathSchema, request.params, 'path');
    const transaction = await findTransaction(ctx.db, ctx.teamId, transaction_id);
    if (!transaction) return reply.code(404).send({ detail: TRANSACTION_NOT_FOUND });
    const combined = await transactionResults(ctx.db, transaction);
    if (!combined) return reply.code(404).send({ detail: NO_RESULTS });
    const lines = [
      `Order transaction ${transaction.id}`,
      `Orders: ${transaction.orders.map((o) => `${o.id.slice(0, 8)} (${o.origin ?? 'initial'})`).join(', ')}`,
      '',
      ...combined.results.map(
        (r) =>
          `${r.name}: ${r.result} ${r.unit ?? ''}  (ref ${r.reference_range ?? '-'}) ${r.interpretation ?? ''}`,
      ),
      ...combined.missing_results.map((m) => `${m.name}: missing`),
    ];
    return sendPdf(
      reply,
      `results-${transaction.id}.pdf`,
      textPdf('Lab results, all attempts (sandbox)', lines),
    );
  });

  done();
};
