import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  ADMIN_AUDIT_EXPORT_PATH,
  ADMIN_AUDIT_PATH,
  ADMIN_AUDIT_VERIFY_PATH,
  auditQuerySchema,
  type AuditQuery,
  type AuditVerdict,
} from '../../contract';
import { verifyAuditChain } from '../platform/audit/auditChain';
import type { Store } from '../platform/database/database';
import { sendProblem } from '../platform/http/problem';
import { CSV_HEADER, csvLine } from './auditCsv';
import { auditPageQuery, countAudit, readAuditPage, toAuditRow } from './auditQuery';

/** Rows read per query while a CSV streams: memory stays flat however many rows match. */
const EXPORT_BATCH = 1000;

/**
 * The audit trail for admins: filtered pages, a streamed CSV of everything that matches
 * (its total in `X-Total-Rows`, for a progress bar), and the hash chain's check. Reading
 * the trail is itself audited. The trail holds ids, never patient values.
 */
export function auditRoutes(fastify: FastifyInstance, opts: { store: Store }) {
  const { db } = opts.store;
  const trail = { access: 'administration', audit: { recordType: 'audit_trail' } } as const;

  fastify.get(ADMIN_AUDIT_PATH, { config: trail }, async (request, reply) => {
    const query = auditQuerySchema.safeParse(request.query);
    if (!query.success) return sendProblem(reply, 400, 'Bad request', 'A filter is not valid.');
    return readAuditPage(db, query.data);
  });

  fastify.get(ADMIN_AUDIT_EXPORT_PATH, { config: trail }, async (request, reply) => {
    const query = auditQuerySchema.safeParse(request.query);
    if (!query.success) return sendProblem(reply, 400, 'Bad request', 'A filter is not valid.');
    const total = await countAudit(db, query.data);
    const chosen: AuditQuery = query.data;
    async function* lines() {
      yield CSV_HEADER;
      let before: number | undefined;
      for (;;) {
        const rows = await auditPageQuery(db, chosen, before, EXPORT_BATCH).execute();
        if (rows.length > 0) yield rows.map((row) => csvLine(toAuditRow(row))).join('');
        const last = rows.at(-1);
        if (rows.length < EXPORT_BATCH || !last) return;
        before = last.id;
      }
    }
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-trail-${stamp}.csv"`)
      .header('x-total-rows', String(total))
      .send(Readable.from(lines()));
  });

  fastify.get(ADMIN_AUDIT_VERIFY_PATH, { config: trail }, async () => {
    const verdict = await verifyAuditChain(db);
    const body: AuditVerdict = verdict.ok
      ? verdict
      : { ok: false, rows: verdict.rows, broken_id: verdict.brokenId, reason: verdict.reason };
    return body;
  });
}
