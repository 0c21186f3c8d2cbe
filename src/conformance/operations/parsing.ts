import PDFDocument from 'pdfkit';
import { expect } from 'vitest';
import { REPORT_MAX_BYTES } from '../../contract';
import { DELIBERATE_DIFFERENCES } from '../../contract/openapi/differences';
import { PATIENTS } from '../../sandbox/seed';
import { until } from '../fixtures';
import type { ConformanceContext, OperationCheck } from '../table';

/* Lab-report parsing: uploads and the jobs they become, to each of their ends. */

function reportPdf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** What the upload form sends: the report, the patient and the review flag. */
function form(file: Buffer, name: string, review: boolean) {
  const data = new FormData();
  data.append('user_id', PATIENTS[0]?.id ?? '');
  data.append('needs_human_review', String(review));
  data.append('file', new Blob([new Uint8Array(file)]), name);
  return data;
}

async function upload(ctx: ConformanceContext, file: Buffer, name: string, review = false) {
  const { body } = await ctx.api.call<{ id: string; job_id?: string }>(
    'POST',
    '/lab_report/v1/parser/job',
    { form: form(file, name, review), expect: 200 },
  );
  // job_id beside id, as current API versions answer (a deliberate difference).
  expect(body.job_id).toBe(body.id);
  return body.id;
}

/** Reads the job until it has ended; every read is checked. */
function settle(ctx: ConformanceContext, id: string) {
  const read = async () => {
    const url = `/lab_report/v1/parser/job/${id}`;
    const { body } = await ctx.api.call<{ id: string; job_id?: string; status: string }>(
      'GET',
      url,
      { expect: 200 },
    );
    expect(body.job_id).toBe(body.id);
    return body;
  };
  return until(read, (job) => job.status === 'completed' || job.status === 'failed');
}

const REPORT = [
  'Patient: Ada Lovelace',
  'DOB: 1980-02-03',
  'Sex: female',
  'Lab: Quest Diagnostics',
  'Collected: 2026-02-20',
  'Glucose 92 mg/dL 70-99',
  'Hemoglobin A1c 6.1 % 4.0-5.6',
  'Glucose 5.1 mmol/L 3.9-5.5',
  'Zinc Protoporphyrin 31 ug/dL 0-69',
];

export const PARSING: OperationCheck[] = [
  {
    operation: 'POST /lab_report/v1/parser/job',
    cases: [
      {
        name: 'a PDF report with the review flag, and an image',
        async run(ctx) {
          await upload(ctx, await reportPdf(REPORT), 'report.pdf', true);
          await upload(ctx, PNG, 'scan.png');
        },
      },
      {
        name: 'a report over the description’s 10 MB is refused with 413 (a deliberate limit)',
        async run({ api }) {
          const limit = DELIBERATE_DIFFERENCES.find(
            (d) => d.kind === 'limit' && d.operation === 'POST /lab_report/v1/parser/job',
          );
          if (!limit) throw new Error('the 10 MB limit is no longer a listed difference');
          const big = Buffer.alloc(REPORT_MAX_BYTES + 1024 * 1024, 0x20);
          big.write('%PDF-1.4\n');
          await api.call('POST', '/lab_report/v1/parser/job', {
            form: form(big, 'big.pdf', false),
            expect: 413,
          });
        },
      },
      {
        name: 'an upload without the patient is a 422',
        async run({ api }) {
          const data = new FormData();
          data.append('file', new Blob([new Uint8Array(PNG)]), 'scan.png');
          await api.call('POST', '/lab_report/v1/parser/job', {
            form: data,
            expect: 422,
            invalidRequest: true,
          });
        },
      },
    ],
  },
  {
    operation: 'GET /lab_report/v1/parser/job/{job_id}',
    cases: [
      {
        name: 'a report read to its results, matched, unmatched and needing review',
        async run(ctx) {
          await settle(ctx, await upload(ctx, await reportPdf(REPORT), 'report.pdf'));
        },
      },
      {
        name: 'the failures: an image (no OCR), a PDF without results, bytes that are no PDF',
        async run(ctx) {
          await settle(ctx, await upload(ctx, PNG, 'scan.png'));
          await settle(
            ctx,
            await upload(ctx, await reportPdf(['Nothing to see here.']), 'letter.pdf'),
          );
          const broken = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 0x20)]);
          await settle(ctx, await upload(ctx, broken, 'broken.pdf'));
        },
      },
      {
        name: 'an unknown job is a 404',
        async run({ api }) {
          await api.call('GET', '/lab_report/v1/parser/job/4b1f7c2e-9a55-4d3b-8e21-0c6f5a7d9e10', {
            expect: 404,
          });
        },
      },
    ],
  },
];
