import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FormData } from 'undici';
import { z } from 'zod';
import {
  PARSING_JOBS_PATH,
  REPORT_MAX_BYTES,
  REPORT_TYPES,
  parsingJobFieldsSchema,
  parsingJobSchema,
} from '../../contract';
import { sendProblem } from '../platform/http/problem';
import { callLabApi, sendLabAnswer } from '../platform/labApi/answer';
import type { LabApiClient } from '../platform/labApi/upstream';
import type { Store } from '../platform/database/database';
import { getParsingJob, listParsingJobs, recordParsingJob } from './parsingJobs';
import { UPLOAD_RETRY_AFTER_SECONDS, type UploadGate } from './gate';
import { readReport, type MultipartRefusal } from './readReport';
import { sniffReportType } from './sniff';

export interface ReportUploadOptions {
  store: Store;
  client: LabApiClient;
  /** Bounds the uploads read and forwarded at once (see `gate.ts`). */
  gate: UploadGate;
}

const UPSTREAM_PATH = '/lab_report/v1/parser/job';
const MAX_MB = REPORT_MAX_BYTES / (1024 * 1024);
const listQuerySchema = z.object({ user_id: z.guid().optional() });
const jobParamsSchema = z.object({ jobId: z.string().min(1).max(100) });

const patientAsked = (request: FastifyRequest) => {
  const query = listQuerySchema.safeParse(request.query);
  return query.success ? (query.data.user_id ?? null) : null;
};
const jobAsked = (request: FastifyRequest) => {
  const params = jobParamsSchema.safeParse(request.params);
  return params.success ? params.data.jobId : null;
};

/**
 * `POST /api/parsing-jobs`: a lab report (multipart: file, user_id, needs_human_review)
 * streamed with the 10 MB limit enforced while reading, its type decided by its bytes.
 * A refused file never reaches the Lab API. Accepted ones are forwarded as multipart,
 * and the job is recorded, because the Lab API cannot list jobs.
 * `GET /api/parsing-jobs`: the jobs the console created, newest first.
 * `GET /api/parsing-jobs/:jobId`: one of them, so a job's page names its patient and file.
 */
export async function reportUploadRoutes(fastify: FastifyInstance, opts: ReportUploadOptions) {
  await fastify.register(multipart, {
    limits: { fileSize: REPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 8 },
  });

  fastify.get(
    PARSING_JOBS_PATH,
    {
      config: {
        access: 'reports.read',
        audit: { recordType: 'parsing_job_list', recordId: patientAsked, patientId: patientAsked },
      },
    },
    async (request, reply) => {
      const query = listQuerySchema.safeParse(request.query);
      if (!query.success) return sendProblem(reply, 400, 'Bad request', 'user_id must be a UUID.');
      const data = await listParsingJobs(opts.store.db, {
        limit: 200,
        ...(query.data.user_id ? { userId: query.data.user_id } : {}),
      });
      return { data };
    },
  );

  fastify.get(
    `${PARSING_JOBS_PATH}/:jobId`,
    {
      config: { access: 'reports.read', audit: { recordType: 'parsing_job', recordId: jobAsked } },
    },
    async (request, reply) => {
      const params = jobParamsSchema.safeParse(request.params);
      if (!params.success) return sendProblem(reply, 400, 'Bad request', 'Give a job id.');
      const record = await getParsingJob(opts.store.db, params.data.jobId);
      if (!record) {
        return sendProblem(reply, 404, 'Not found', 'This console has no record of that job.');
      }
      request.auditedPatientId = record.user_id;
      return record;
    },
  );

  fastify.post(
    PARSING_JOBS_PATH,
    {
      config: {
        access: 'reports.upload',
        // Audited as the Lab API call it makes; the job's id is named once the Lab API gives it.
        audit: { recordType: 'parsing_job', action: `POST ${UPSTREAM_PATH}` },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        return sendProblem(
          reply,
          415,
          'Unsupported content type',
          'Send the report as multipart/form-data.',
        );
      }

      const leave = opts.gate.tryEnter();
      if (!leave) {
        reply.header('retry-after', String(UPLOAD_RETRY_AFTER_SECONDS));
        return sendProblem(
          reply,
          503,
          'Too many uploads',
          `Other lab reports are being uploaded. Try again in ${UPLOAD_RETRY_AFTER_SECONDS} seconds.`,
        );
      }
      try {
        return await forwardReport(request, reply);
      } finally {
        leave();
      }
    },
  );

  async function forwardReport(request: FastifyRequest, reply: FastifyReply) {
    const action = `POST ${UPSTREAM_PATH}`;
    const received = await readReport(request);
    if ('refused' in received) {
      const status = received.refused === 'malformed' ? 400 : 413;
      return sendProblem(reply, status, ...REFUSALS[received.refused]);
    }

    const parsed = parsingJobFieldsSchema.safeParse(received.fields);
    if (!parsed.success)
      return sendProblem(reply, 400, 'Bad request', 'Choose the patient (user_id).');
    request.auditedPatientId = parsed.data.user_id;
    const file = received.file;
    if (!file || file.size === 0) {
      return sendProblem(reply, 400, 'Bad request', 'Choose the lab report file.');
    }
    const reportType = await sniffReportType(head(file.chunks));
    if (!reportType) {
      return sendProblem(
        reply,
        415,
        'Unsupported report type',
        'The file is not a PDF, JPEG or PNG (judged by its content, not its name).',
      );
    }

    // undici's FormData encoder writes the multipart body and streams it out. The Blob is
    // the one copy of the report kept; the chunks it was made from are let go at once.
    const form = new FormData();
    form.append('user_id', parsed.data.user_id);
    form.append('needs_human_review', String(parsed.data.needs_human_review));
    form.append('file', new Blob(file.chunks, { type: REPORT_TYPES[reportType] }), file.name);
    file.chunks.length = 0;

    const answer = await callLabApi(
      opts.client,
      {
        method: 'POST',
        pathAndQuery: UPSTREAM_PATH,
        headers: { accept: 'application/json' },
        body: form,
      },
      'json',
    );
    if (!answer.ok) request.log.warn({ reason: answer.reason, call: action }, answer.title);

    if (answer.ok && (answer.status === 200 || answer.status === 201) && answer.body) {
      const job = parsingJobSchema.safeParse(parseJson(answer.body));
      if (job.success && request.session) {
        request.auditedRecordId = job.data.id;
        await recordParsingJob(opts.store.db, {
          job_id: job.data.id,
          user_id: parsed.data.user_id,
          account_id: request.session.account.id,
          account_email: request.session.account.email,
          file_name: file.name.slice(0, 255),
          report_type: reportType,
          size_bytes: file.size,
          needs_human_review: parsed.data.needs_human_review,
          created_at: Date.now(),
        });
      }
    }
    return sendLabAnswer(reply, answer);
  }
}

const REFUSALS: Record<MultipartRefusal, [title: string, detail: string]> = {
  'too-large': ['Report too large', `A lab report may be at most ${MAX_MB} MB.`],
  'too-many': ['Too many parts', 'Send one report with the patient and the review flag.'],
  malformed: ['Bad request', 'The upload is not a readable multipart form. Send it again.'],
};

/** file-type decides from at most this many leading bytes. */
const SNIFF_BYTES = 4100;

function head(chunks: Buffer[]) {
  const first: Buffer[] = [];
  let size = 0;
  for (const chunk of chunks) {
    if (size >= SNIFF_BYTES) break;
    first.push(chunk);
    size += chunk.length;
  }
  return Buffer.concat(first).subarray(0, SNIFF_BYTES);
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}
