import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { REPORT_MAX_BYTES, parsingJobFieldsSchema, reportTypeOfMime } from '../../contract';
import { parseRequestPart } from '../http/validation';
import { parseReport } from '../parsing/runJob';
import {
  findParsingJob,
  findUnfinishedParsingJobIds,
  insertParsingJob,
  saveParsingJob,
} from '../store/parsingJobs';
import type { RouteContext } from './context';
import { announceParsingJob } from '../webhooks/announce';

export interface ParsingJobsContext extends RouteContext {
  /** Milliseconds from upload to `started`, and from `started` to the end. */
  delays: { startMs: number; finishMs: number };
}

const jobPathSchema = z.object({ job_id: z.guid() });
const USER_NOT_FOUND = 'The user does not or no longer exists in this team';

/**
 * `POST /lab_report/v1/parser/job` (multipart) and `GET …/{job_id}`. A job moves
 * upload_pending → started → completed | failed on timers; every state is stored, and
 * jobs a restart interrupted carry on.
 */
export const parsingJobsRoutes: FastifyPluginAsync<ParsingJobsContext> = async (app, ctx) => {
  await app.register(multipart, {
    // The description's 10 MB; one report per job (no multi-image upload here).
    limits: { fileSize: REPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000 },
  });

  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, task: () => Promise<void>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      task().catch((error: unknown) => app.log.error({ err: error }, 'parsing job step failed'));
    }, ms);
    timers.add(timer);
  };
  app.addHook('onClose', () => {
    for (const timer of timers) clearTimeout(timer);
  });

  const finish = async (id: string) => {
    const found = await findParsingJob(ctx.db, ctx.teamId, id);
    if (!found) return;
    let outcome;
    try {
      outcome = await parseReport(found.reportType, found.file ?? new Uint8Array());
    } catch (error) {
      app.log.error({ err: error }, 'parsing a report failed');
      outcome = { status: 'failed' as const, failure_reason: 'processing_error', data: null };
    }
    const ended = { ...found.job, ...outcome };
    await saveParsingJob(ctx.db, ended);
    await announceParsingJob(ctx.db, ctx.teamId, ended, 'updated');
  };
  const start = async (id: string) => {
    const found = await findParsingJob(ctx.db, ctx.teamId, id);
    if (!found) return;
    if (found.job.status === 'upload_pending') {
      const started = { ...found.job, status: 'started' as const };
      await saveParsingJob(ctx.db, started);
      await announceParsingJob(ctx.db, ctx.teamId, started, 'updated');
    }
    later(ctx.delays.finishMs, () => finish(id));
  };
  for (const id of await findUnfinishedParsingJobIds(ctx.db, ctx.teamId)) {
    later(ctx.delays.startMs, () => start(id));
  }

  app.post('/lab_report/v1/parser/job', async (request, reply) => {
    if (!request.isMultipart()) {
      return reply.code(400).send({ detail: 'Send the report as multipart/form-data.' });
    }
    const fields: Record<string, string> = {};
    let file: Buffer | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await part.toBuffer();
          continue;
        }
        // Throws 413 once the limit is passed, while reading.
        file = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    const parsed = parseRequestPart(parsingJobFieldsSchema, fields, 'body');
    if (!file) {
      return reply.code(422).send({
        detail: [{ type: 'missing', loc: ['body', 'file'], msg: 'Field required', input: null }],
      });
    }
    const reportType = reportTypeOfMime((await fileTypeFromBuffer(file))?.mime);
    if (!reportType) {
      return reply.code(400).send({ detail: 'Unsupported file: upload one PDF, JPEG or PNG.' });
    }
    const user = await ctx.db
      .selectFrom('lab_user')
      .select('id')
      .where('team_id', '=', ctx.teamId)
      .where('id', '=', parsed.user_id.toLowerCase())
      .executeTakeFirst();
    if (!user) return reply.code(404).send({ detail: USER_NOT_FOUND });

    const id = randomUUID();
    const job = {
      id,
      job_id: id,
      status: 'upload_pending' as const,
      failure_reason: null,
      data: null,
      needs_human_review: parsed.needs_human_review,
      is_reviewed: false,
    };
    await insertParsingJob(ctx.db, ctx.teamId, job, { type: reportType, bytes: file }, ctx.now());
    await announceParsingJob(ctx.db, ctx.teamId, job, 'created');
    later(ctx.delays.startMs, () => start(job.id));
    return job;
  });

  app.get('/lab_report/v1/parser/job/:job_id', async (request, reply) => {
    const { job_id } = parseRequestPart(jobPathSchema, request.params, 'path');
    const found = await findParsingJob(ctx.db, ctx.teamId, job_id);
    if (!found) return reply.code(404).send({ detail: 'Parsing job not found' });
    return found.job;
  });
};
