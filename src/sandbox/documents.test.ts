import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postOrderResponseSchema, type Order } from '../contract';
import { readPdfLines } from './parsing/pdfLines';
import { TEST_KEY, buildTestApp } from './test/helper';
import { post, validOrder } from './test/ordering';
import { KIT, registration } from './test/testkit';

/*
 * The documents a lab and a phlebotomist work from say, in words, what they need: read
 * back as text with the same PDF reader the lab-report parser uses.
 */

let app: FastifyInstance;
let order: Order;

beforeAll(async () => {
  app = await buildTestApp();
  const placed = await post(
    app,
    '/v3/order',
    validOrder({
      physician: { first_name: 'Helena', last_name: 'Marsh', npi: '1234567893' },
      consents: [
        { consentType: 'terms-of-use', timeOfConsent: '2026-02-27T09:30:00Z' },
        { consentType: 'hipaa-authorization', version: '2.1' },
      ],
    }),
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  order = postOrderResponseSchema.parse(placed.body).order;
});
afterAll(() => app.close());

/** The PDF's text as one line of words: a line pdfkit wrapped reads as it was written. */
async function textOf(url: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { 'x-service-api-key': TEST_KEY },
  });
  expect(response.statusCode, response.body).toBe(200);
  const lines = await readPdfLines(new Uint8Array(response.rawPayload));
  return lines.join(' ').replace(/\s+/g, ' ');
}

describe('the requisition', () => {
  it("prints the patient's identifiers, the physician, the method and billing in words", async () => {
    const text = await textOf(`/v3/order/${order.id}/requisition/pdf`);
    expect(text).toContain('Patient name: Raman-Oakes, Priya');
    expect(text).toContain('Date of birth: 1988-09-09 (09/09/1988)');
    expect(text).toContain('Sex: Female');
    expect(text).toContain('Ordering physician: Helena Marsh, NPI 1234567893');
    expect(text).toContain('Collection method: Walk-in at a patient service centre');
    expect(text).toContain('Billing: Client bill (the ordering organisation pays)');
    expect(text).toContain(`Sample ID: ${order.sample_id ?? 'missing'}`);
    expect(text).not.toMatch(/walk_in_test|client_bill|_/);
  });

  it('prints each test with its code, specimen and tube, and the tubes to collect', async () => {
    const text = await textOf(`/v3/order/${order.id}/requisition/pdf`);
    expect(text).toContain('Tests: Metabolic Health Panel');
    for (const marker of order.lab_test.markers ?? []) {
      expect(text).toContain(`${marker.name}, code ${marker.provider_id ?? ''}:`);
    }
    expect(text).toContain('Glucose, code 10707: Serum, Gold-top serum separator tube (SST)');
    expect(text).toContain('Hemoglobin A1c, code 10714: Whole blood, Lavender-top EDTA tube');
    expect(text).toContain(
      'Tubes to collect: - Serum, Gold-top serum separator tube (SST) - Whole blood, Lavender-top EDTA tube',
    );
  });

  it("prints the answers to the lab's questions and the consents", async () => {
    const text = await textOf(`/v3/order/${order.id}/requisition/pdf`);
    expect(text).toContain('Has the patient been fasting for at least 8 hours? Yes (Glucose)');
    expect(text).toContain('Has the patient been fasting for at least 8 hours? Yes (Lipid Panel)');
    expect(text).toContain('Terms of use, version 1.0, given 2026-02-27 09:30 UTC');
    expect(text).toContain('HIPAA authorization, version 2.1');
  });
});

describe('the labels', () => {
  it('carry the test and the tube each goes on, and the sample id', async () => {
    const text = await textOf(
      `/v3/order/${order.id}/labels/pdf?number_of_labels=2&collection_date=2026-03-01T08:15:00Z`,
    );
    expect(text).toContain('Raman-Oakes, Priya DOB 1988-09-09');
    expect(text).toContain('Metabolic Health Panel');
    expect(text).toContain('Serum, Gold-top serum separator tube (SST)');
    expect(text).toContain('Whole blood, Lavender-top EDTA tube');
    expect(text).toContain(order.sample_id ?? 'missing');
  });
});

describe('the result PDF', () => {
  it("carries the patient's date of birth beside their name", async () => {
    const simulated = await app.inject({
      method: 'POST',
      url: `/v3/order/${order.id}/test`,
      headers: { 'x-service-api-key': TEST_KEY },
      payload: {},
    });
    expect(simulated.statusCode).toBe(200);
    const text = await textOf(`/v3/order/${order.id}/result/pdf`);
    expect(text).toContain('Patient name: Raman-Oakes, Priya');
    expect(text).toContain('Date of birth: 1988-09-09 (09/09/1988)');
  });
});

describe('a registered test kit', () => {
  it("prints the registration's patient and consents, and the kit's blood spot card", async () => {
    const kit = postOrderResponseSchema.parse((await post(app, '/v3/order/testkit', KIT())).body);
    const registered = await post(
      app,
      '/v3/order/testkit/register',
      registration(kit.order.sample_id ?? 'missing'),
    );
    expect(registered.status).toBe(200);
    const text = await textOf(`/v3/order/${kit.order.id}/requisition/pdf`);
    expect(text).toContain('Patient name: Halvorsen, Wren');
    expect(text).toContain('Sex: Other');
    expect(text).toContain('Collection method: Test kit mailed to the patient');
    expect(text).toContain('TSH, code 12114: Dried blood spot, Finger-prick blood spot card');
    expect(text).toContain('Terms of use, version 1.0, given 2026-03-01 10:00 UTC');
  });
});
