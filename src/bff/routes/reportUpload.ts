import { text as readText } from 'node:stream/consumers';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PARSING_JOBS_PATH,
  REPORT_MAX_BYTES,
  REPORT_TYPES,
  parsingJobFieldsSchema,
  parsingJobSchema,
  can,
  type Permission,
} from '../../contract';
import { sendProblem } from '../problem';
import { FORWARDED_RESPONSE_HEADERS, pickHeaders } from '../proxy/headers';
import { UpstreamError, type LabApiClient } from '../proxy/upstream';
import { appendAudit } from '../store/audit';
import type { Store } from '../store/database';
import { listParsingJobs, recordParsingJob } from '../store/parsingJobs';
import { sniffReportType } from '../upload/sniff';

export interface ReportUploadOptions {
  store: Store;
  client: LabApiClient;
}

const UPSTREAM_PATH = '/lab_report/v1/parser/job';
const MAX_MB = REPORT_MAX_BYTES / (1024 * 1024);
const listQuerySchema = z.object({ user_id: z.guid().optional() });

/**
 * `POST /api/parsing-jobs`: a lab report (multipart: file, user_id, needs_human_review)
 * streamed with the 10 MB limit enforced while reading, its type decided by its bytes.
 * A refused file never reaches the Lab API. Accepted ones are forwarded as multipart,
 * and the job is recorded, because the Lab API cannot list jobs.
 * `GET /api/parsing-jobs`: the jobs the console created, newest first.
 */
export async function reportUploadRoutes(fastify: FastifyInstance, opts: ReportUploadOptions) {
  await fastify.register(multipart, {
    limits: { fileSize: REPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 8 },
  });

  const audit = async (
    request: FastifyRequest,
    action: string,
    recordType: string,
    id: string | null,
    outcome: number,
  ) => {
    const account = request.session?.account;
    // The trail names who did what; an anonymous refusal goes to the log instead.
    if (!account) {
      request.log.warn({ outcome }, 'anonymous call refused');
      return;
    }
    await appendAudit(opts.store.db, {
      at: Date.now(),
      account_id: account.id,
      account_email: account.email,
      role: account.role,
      action,
      record_type: recordType,
      record_id: id,
      outcome,
      request_id: request.id,
    });
  };
  const allowed = (request: FastifyRequest, permission: Permission) => {
    const role = request.session?.account.role;
    return role !== undefined && can(role, permission);
  };

  fastify.get(PARSING_JOBS_PATH, async (request, reply) => {
    if (!allowed(request, 'reports.read')) {
      return sendProblem(reply, 403, 'Forbidden', 'Your role does not allow this action.');
    }
    const query = listQuerySchema.safeParse(request.query);
    if (!query.success) return sendProblem(reply, 400, 'Bad request', 'user_id must be a UUID.');
    const data = await listParsingJobs(opts.store.db, {
      limit: 200,
      ...(query.data.user_id ? { userId: query.data.user_id } : {}),
    });
    await audit(
      request,
      `GET ${PARSING_JOBS_PATH}`,
      'parsing_job_list',
      query.data.user_id ?? null,
      200,
    );
    return { data };
  });

  fastify.post(PARSING_JOBS_PATH, async (request, reply) => {
    const action = `POST ${UPSTREAM_PATH}`;
    if (!allowed(request, 'reports.upload')) {
      await audit(request, action, 'parsing_job', null, 403);
      return sendProblem(
        reply,
        403,
        'Forbidden',
        'Your role does not allow uploading lab reports.',
      );
    }
    if (!request.isMultipart()) {
      return sendProblem(
        reply,
        415,
        'Unsupported content type',
        'Send the report as multipart/form-data.',
      );
    }

    const fields: Record<string, string> = {};
    let file: { name: string; bytes: Buffer } | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          // toBuffer stops and throws once the file passes the limit: nothing more is read.
          const bytes = await part.toBuffer();
          if (part.fieldname === 'file') file = { name: part.filename || 'report', bytes };
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        await audit(request, action, 'parsing_job', null, 413);
        return sendProblem(
          reply,
          413,
          'Report too large',
          `A lab report may be at most ${MAX_MB} MB.`,
        );
      }
      if (code.startsWith('FST_')) {
        return sendProblem(
          reply,
          400,
          'Bad request',
          'Send one report with the patient and the review flag.',
        );
      }
      throw error;
    }

    const parsed = parsingJobFieldsSchema.safeParse(fields);
    if (!parsed.success)
      return sendProblem(reply, 400, 'Bad request', 'Choose the patient (user_id).');
    if (!file || file.bytes.length === 0) {
      return sendProblem(reply, 400, 'Bad request', 'Choose the lab report file.');
    }
    const reportType = await sniffReportType(file.bytes);
    if (!reportType) {
      await audit(request, action, 'parsing_job', null, 415);
      return sendProblem(
        reply,
        415,
        'Unsupported report type',
        'The file is not a PDF, JPEG or PNG (judged by its content, not its name).',
      );
    }

    // The multipart body for the Lab API, written by the platform's own FormData encoder.
    const form = new FormData();
    form.append('user_id', parsed.data.user_id);
    form.append('needs_human_review', String(parsed.data.needs_human_review));
    form.append(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: REPORT_TYPES[reportType] }),
      file.name,
    );
    const encoded = new Request('http://upload.invalid/', { method: 'POST', body: form });

    let response;
    try {
      response = await opts.client.send({
        method: 'POST',
        pathAndQuery: UPSTREAM_PATH,
        headers: {
          accept: 'application/json',
          'content-type': encoded.headers.get('content-type') ?? '',
        },
        body: new Uint8Array(await encoded.arrayBuffer()),
      });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      const status = error.failure === 'timeout' ? 504 : 502;
      await audit(request, action, 'parsing_job', null, status);
      return sendProblem(
        reply,
        status,
        error.message,
        'The Lab API did not answer. Try again in a moment.',
      );
    }

    const text = await readText(response.body);
    if (response.status === 200 || response.status === 201) {
      const job = parsingJobSchema.safeParse(JSON.parse(text));
      if (job.success && request.session) {
        await recordParsingJob(opts.store.db, {
          job_id: job.data.id,
          user_id: parsed.data.user_id,
          account_id: request.session.account.id,
          account_email: request.session.account.email,
          file_name: file.name.slice(0, 255),
          report_type: reportType,
          size_bytes: file.bytes.length,
          needs_human_review: parsed.data.needs_human_review,
          created_at: Date.now(),
        });
        await audit(request, action, 'parsing_job', job.data.id, response.status);
      }
    } else {
      await audit(request, action, 'parsing_job', null, response.status);
    }
    return reply
      .status(response.status)
      .headers(pickHeaders(response.headers, FORWARDED_RESPONSE_HEADERS))
      .header('content-length', Buffer.byteLength(text))
      .send(text);
  });
}
