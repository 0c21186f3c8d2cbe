import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANTI_FORGERY_HEADER,
  ANTI_FORGERY_VALUE,
  PARSING_JOBS_PATH,
  parsingJobRecordSchema,
  parsingJobSchema,
} from '../contract';
import { PATIENTS } from '../sandbox/seed';
import { reportPdf } from '../sandbox/parsing/reportPdf';
import { startStack, type Stack } from './stack';

let stack: Stack;
let coordinator: string;
const patientId = PATIENTS[1]?.id ?? '';

beforeAll(async () => {
  stack = await startStack();
  coordinator = await stack.signIn('coordinator');
});
afterAll(() => stack.close());

async function upload(name: string) {
  const form = new FormData();
  form.append('user_id', patientId);
  form.append('needs_human_review', 'false');
  const pdf = await reportPdf(['Glucose 92 mg/dL 70-99']);
  form.append('file', new Blob([new Uint8Array(pdf)]), name);
  const encoded = new Request('http://test.invalid/', { method: 'POST', body: form });
  const response = await stack.bff.inject({
    method: 'POST',
    url: PARSING_JOBS_PATH,
    headers: {
      [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE,
      cookie: coordinator,
      'content-type': encoded.headers.get('content-type') ?? '',
    },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
  return parsingJobSchema.parse(response.json());
}

describe("one parsing job's record: which patient and file it belongs to", () => {
  it('answers a reader with the patient and file chosen at upload, and audits the read', async () => {
    const job = await upload('lipids-may.pdf');
    const clinician = await stack.signIn('clinician');
    const read = await stack.request(clinician, 'GET', `${PARSING_JOBS_PATH}/${job.id}`);
    expect(read.statusCode).toBe(200);
    expect(parsingJobRecordSchema.parse(read.json())).toMatchObject({
      job_id: job.id,
      user_id: patientId,
      file_name: 'lipids-may.pdf',
      account_email: 'coordinator@stack.test',
    });
    const audited = await stack.store.db
      .selectFrom('audit_event')
      .select(['account_email', 'outcome'])
      .where('action', '=', `GET ${PARSING_JOBS_PATH}/:jobId`)
      .where('record_id', '=', job.id)
      .execute();
    expect(audited).toEqual([{ account_email: 'clinician@stack.test', outcome: 200 }]);
  });

  it('refuses a role without reports.read, and says 404 for a job it never recorded', async () => {
    const job = await upload('refused.pdf');
    const admin = await stack.signIn('admin');
    const refused = await stack.request(admin, 'GET', `${PARSING_JOBS_PATH}/${job.id}`);
    expect(refused.statusCode).toBe(403);
    expect(JSON.stringify(refused.json())).not.toContain(patientId);
    const refusals = await stack.store.db
      .selectFrom('audit_event')
      .select(['account_email', 'outcome'])
      .where('action', '=', `GET ${PARSING_JOBS_PATH}/:jobId`)
      .where('outcome', '=', 403)
      .execute();
    expect(refusals).toEqual([{ account_email: 'admin@stack.test', outcome: 403 }]);
    const unknown = await stack.request(coordinator, 'GET', `${PARSING_JOBS_PATH}/no-such-job`);
    expect(unknown.statusCode).toBe(404);
  });
});
