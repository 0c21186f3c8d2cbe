import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ANTI_FORGERY_HEADER,
  ANTI_FORGERY_VALUE,
  PARSING_JOBS_PATH,
  parsingJobRecordsSchema,
  parsingJobSchema,
  unmatchedResultsPageSchema,
} from '../contract';
import { PATIENTS } from '../sandbox/seed';
import { startStack, type Stack } from './stack';

let stack: Stack;
let ops: string;
let coordinator: string;
let clinician: string;
const patientId = PATIENTS[0]?.id ?? '';

beforeAll(async () => {
  stack = await startStack();
  [ops, coordinator, clinician] = await Promise.all([
    stack.signIn('ops'),
    stack.signIn('coordinator'),
    stack.signIn('clinician'),
  ]);
});
afterAll(() => stack.close());
beforeEach(() => {
  stack.upstreamCalls.length = 0;
});

async function upload(cookie: string, file: Uint8Array, name: string) {
  const form = new FormData();
  form.append('user_id', patientId);
  form.append('needs_human_review', 'false');
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const encoded = new Request('http://test.invalid/', { method: 'POST', body: form });
  return stack.bff.inject({
    method: 'POST',
    url: PARSING_JOBS_PATH,
    headers: {
      [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE,
      cookie,
      'content-type': encoded.headers.get('content-type') ?? '',
    },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
}

function textPdf(lines: string[]): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

describe('unmatched results through the BFF', () => {
  it('lets ops read the queue and act, and refuses a coordinator before the Lab API', async () => {
    const queue = await stack.request(ops, 'GET', '/api/lab/v3/unmatched_result?limit=5');
    expect(queue.statusCode).toBe(200);
    const page = unmatchedResultsPageSchema.parse(queue.json());
    const target = page.data.find((r) => r.allowed_actions.includes('unsure'));
    expect(target).toBeDefined();
    stack.upstreamCalls.length = 0;

    const read = await stack.request(coordinator, 'GET', '/api/lab/v3/unmatched_result');
    expect(read.statusCode).toBe(403);
    const act = await stack.request(
      coordinator,
      'POST',
      `/api/lab/v3/unmatched_result/${target?.id ?? ''}/resolve`,
      {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'unsure' }),
      },
    );
    expect(act.statusCode).toBe(403);
    expect(stack.upstreamCalls).toEqual([]);

    const escalated = await stack.request(
      ops,
      'POST',
      `/api/lab/v3/unmatched_result/${target?.id ?? ''}/resolve`,
      {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'unsure' }),
      },
    );
    expect(escalated.statusCode).toBe(200);
    expect(escalated.json()).toMatchObject({ status: 'pending_ops_review', allowed_actions: [] });
  });

  it("keeps admins out of the queue: reviewing is the ops staff's work", async () => {
    const admin = await stack.signIn('admin');
    expect((await stack.request(admin, 'GET', '/api/lab/v3/unmatched_result')).statusCode).toBe(
      403,
    );
    const act = await stack.request(
      admin,
      'POST',
      '/api/lab/v3/unmatched_result/00000000-0000-4000-8000-000000000000/resolve',
      {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'reject' }),
      },
    );
    expect(act.statusCode).toBe(403);
  });
});

describe('lab-report uploads through the BFF', () => {
  it('forwards a PDF as multipart, records the job, and lists it', async () => {
    const pdf = await textPdf(['Glucose 92 mg/dL 70-99']);
    const response = await upload(coordinator, pdf, 'glucose.pdf');
    expect(response.statusCode).toBe(200);
    const job = parsingJobSchema.parse(response.json());
    expect(stack.upstreamCalls).toEqual(['POST /lab_report/v1/parser/job']);

    const list = await stack.request(clinician, 'GET', PARSING_JOBS_PATH);
    expect(list.statusCode).toBe(200);
    const records = parsingJobRecordsSchema.parse(list.json()).data;
    expect(records[0]).toMatchObject({
      job_id: job.id,
      user_id: patientId,
      account_email: 'coordinator@stack.test',
      file_name: 'glucose.pdf',
      report_type: 'pdf',
      size_bytes: pdf.length,
    });
    // A clinician reads the parsed results.
    const read = await stack.request(
      clinician,
      'GET',
      `/api/lab/lab_report/v1/parser/job/${job.id}`,
    );
    expect(read.statusCode).toBe(200);
  });

  it('accepts a 9 MB report: the limit is the report size, not the JSON body limit', async () => {
    const large = new Uint8Array(9 * 1024 * 1024);
    large.set(new TextEncoder().encode('%PDF-1.4\n'));
    const response = await upload(ops, large, 'large.pdf');
    expect(response.statusCode).toBe(200);
    expect(stack.upstreamCalls).toEqual(['POST /lab_report/v1/parser/job']);
  });

  it('refuses a clinician upload before reading the Lab API', async () => {
    const response = await upload(clinician, await textPdf(['Glucose 92 mg/dL 70-99']), 'a.pdf');
    expect(response.statusCode).toBe(403);
    expect(stack.upstreamCalls).toEqual([]);
  });

  it('refuses an 11 MB file with 413 and the Lab API receives nothing', async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(new TextEncoder().encode('%PDF-1.4\n'));
    const response = await upload(ops, big, 'big.pdf');
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ detail: 'A lab report may be at most 10 MB.' });
    expect(stack.upstreamCalls).toEqual([]);
  });

  it('refuses an HTML file named .pdf with 415 and the Lab API receives nothing', async () => {
    const html = new TextEncoder().encode('<!doctype html><html><body>not a report</body></html>');
    const response = await upload(ops, html, 'report.pdf');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ title: 'Unsupported report type' });
    expect(stack.upstreamCalls).toEqual([]);
  });
});
