import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MATCH_DECISION_CODES,
  UNMATCHED_RESULTS_NOT_ENABLED_DETAIL,
  orderSchema,
  parsingJobSchema,
  unmatchedResultSchema,
  unmatchedResultsPageSchema,
  type ParsingJob,
} from '../contract';
import { TEST_KEY, buildTestApp, get } from './test/helper';

const headers = { 'x-service-api-key': TEST_KEY };

async function post(app: FastifyInstance, url: string, body: unknown) {
  const response = await app.inject({ method: 'POST', url, headers, payload: body as object });
  return { status: response.statusCode, body: response.json<unknown>() };
}

describe('unmatched results', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('seeds every decision code, leaves resolved ones out by default, and pages by cursor', async () => {
    const all = unmatchedResultsPageSchema.parse(
      (await get(app, '/v3/unmatched_result?limit=100')).body,
    );
    expect(new Set(all.data.map((r) => r.decision_code))).toEqual(new Set(MATCH_DECISION_CODES));
    expect(all.data.every((r) => r.status !== 'resolved')).toBe(true);
    expect(all.total).toBe(all.data.length);

    const first = unmatchedResultsPageSchema.parse(
      (await get(app, '/v3/unmatched_result?limit=4')).body,
    );
    expect(first.total).toBe(all.total);
    const second = unmatchedResultsPageSchema.parse(
      (await get(app, `/v3/unmatched_result?limit=4&next_cursor=${first.next_cursor ?? ''}`)).body,
    );
    expect(second.data.map((r) => r.id)).toEqual(all.data.slice(4, 8).map((r) => r.id));

    const resolved = unmatchedResultsPageSchema.parse(
      (await get(app, '/v3/unmatched_result?status=resolved')).body,
    );
    expect(resolved.total).toBe(1);
  });

  it('filters by decision code and searches by name', async () => {
    const page = unmatchedResultsPageSchema.parse(
      (await get(app, '/v3/unmatched_result?decision_code=wrong_lab')).body,
    );
    expect(page.data.map((r) => r.decision_code)).toEqual(['wrong_lab']);
    const name = page.data[0]?.patient?.last_name ?? '';
    const found = unmatchedResultsPageSchema.parse(
      (
        await get(
          app,
          `/v3/unmatched_result?search_input=${encodeURIComponent(name.toUpperCase())}`,
        )
      ).body,
    );
    expect(found.data.some((r) => r.id === page.data[0]?.id)).toBe(true);
  });

  it('accepting a completed order creates a recreation in the same transaction', async () => {
    const page = unmatchedResultsPageSchema.parse(
      (await get(app, '/v3/unmatched_result?decision_code=match_completed')).body,
    );
    const result = page.data[0];
    const candidate = result?.candidate_groups[0]?.candidates[0];
    expect(candidate?.order_id).toBeTruthy();
    const accepted = await post(app, `/v3/unmatched_result/${result?.id ?? ''}/accept`, {
      order_id: candidate?.order_id,
      note: 'Same sample, re-issued.',
    });
    expect(accepted.status).toBe(200);
    const order = orderSchema.parse(accepted.body);
    expect(order.origin).toBe('recreation');
    const member = order.order_transaction?.orders.find((m) => m.id === order.id);
    expect(member?.parent_id).toBe(candidate?.order_id);
    expect(order.order_transaction?.id).toBe(candidate?.order_transaction_id);

    const after = unmatchedResultSchema.parse(
      (await get(app, `/v3/unmatched_result/${result?.id ?? ''}`)).body,
    );
    expect(after).toMatchObject({
      status: 'resolved',
      allowed_actions: [],
      resolved_order_id: order.id,
    });
    // Not reviewable any more.
    const again = await post(app, `/v3/unmatched_result/${result?.id ?? ''}/resolve`, {
      action: 'reject',
    });
    expect(again.status).toBe(404);
  });

  it('unsure escalates to ops review and reject resolves', async () => {
    const page = unmatchedResultsPageSchema.parse(
      (await get(app, '/v3/unmatched_result?status=pending_customer_review')).body,
    );
    const [a, b] = page.data.filter((r) => r.allowed_actions.includes('unsure'));
    const unsure = unmatchedResultSchema.parse(
      (await post(app, `/v3/unmatched_result/${a?.id ?? ''}/resolve`, { action: 'unsure' })).body,
    );
    expect(unsure).toMatchObject({ status: 'pending_ops_review', allowed_actions: [] });
    const rejected = unmatchedResultSchema.parse(
      (await post(app, `/v3/unmatched_result/${b?.id ?? ''}/resolve`, { action: 'reject' })).body,
    );
    expect(rejected).toMatchObject({ status: 'resolved', resolution_action: 'reject' });
  });

  it('refuses an order that is not a candidate with 422', async () => {
    const page = unmatchedResultsPageSchema.parse(
      (
        await get(
          app,
          '/v3/unmatched_result?decision_code=match_demo&status=pending_customer_review',
        )
      ).body,
    );
    const response = await post(app, `/v3/unmatched_result/${page.data[0]?.id ?? ''}/accept`, {
      order_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.status).toBe(422);
  });
});

describe('the closed-beta gate', () => {
  it('answers 400 with a text detail when the team is not enabled', async () => {
    const app = await buildTestApp({ unmatchedResultsEnabled: false });
    const response = await get(app, '/v3/unmatched_result');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: UNMATCHED_RESULTS_NOT_ENABLED_DETAIL });
    await app.close();
  });
});

function reportPdf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

async function upload(app: FastifyInstance, file: Blob, name: string, review = false) {
  const form = new FormData();
  form.append('user_id', PATIENT_ID);
  form.append('needs_human_review', String(review));
  form.append('file', file, name);
  const request = new Request('http://local/', { method: 'POST', body: form });
  const response = await app.inject({
    method: 'POST',
    url: '/lab_report/v1/parser/job',
    headers: { ...headers, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: response.statusCode, body: response.json<unknown>() };
}

let PATIENT_ID = '';

describe('lab-report parsing jobs', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ parsingDelays: { startMs: 5, finishMs: 5 } });
    const { PATIENTS } = await import('./seed');
    PATIENT_ID = PATIENTS[0]?.id ?? '';
  });
  afterAll(() => app.close());

  async function settle(id: string): Promise<ParsingJob> {
    for (;;) {
      const job = parsingJobSchema.parse((await get(app, `/lab_report/v1/parser/job/${id}`)).body);
      if (job.status === 'completed' || job.status === 'failed') return job;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it('reads a text PDF and matches its lines to LOINC codes', async () => {
    const pdf = await reportPdf([
      'Patient: Ada Lovelace',
      'DOB: 1980-02-03',
      'Lab: Quest Diagnostics',
      'Glucose 92 mg/dL 70-99',
      'Hemoglobin A1c 6.1 % 4.0-5.6',
    ]);
    const created = await upload(app, new Blob([new Uint8Array(pdf)]), 'report.pdf');
    expect(created.status).toBe(200);
    const job = parsingJobSchema.parse(created.body);
    expect(job.status).toBe('upload_pending');
    const done = await settle(job.id);
    expect(done.status).toBe('completed');
    expect(done.data?.metadata).toMatchObject({ patient_first_name: 'Ada', dob: '1980-02-03' });
    expect(
      done.data?.results.map((r) => [
        r.test_name,
        r.value,
        r.units,
        r.loinc_matches[0]?.loinc_code,
      ]),
    ).toEqual([
      ['Glucose', '92', 'mg/dL', '2345-7'],
      ['Hemoglobin A1c', '6.1', '%', '4548-4'],
    ]);
    expect(done.data?.results[1]?.is_above_max_range).toBe(true);
  });

  it('fails an image (no OCR here) with low_quality, and keeps the review flag', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const created = parsingJobSchema.parse(
      (await upload(app, new Blob([new Uint8Array(png)]), 'scan.png', true)).body,
    );
    expect(created.needs_human_review).toBe(true);
    const done = await settle(created.id);
    expect(done).toMatchObject({ status: 'failed', failure_reason: 'low_quality' });
  });

  it('refuses HTML named .pdf, and a file over 10 MB with 413', async () => {
    const html = await upload(app, new Blob(['<html><body>hi</body></html>']), 'x.pdf');
    expect(html.status).toBe(400);
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(new TextEncoder().encode('%PDF-1.4\n'));
    const tooBig = await upload(app, new Blob([big]), 'big.pdf');
    expect(tooBig.status).toBe(413);
  });
});
