import { describe, expect, it } from 'vitest';
import { createWebhookBodySchema, patchWebhookBodySchema } from './management';
import { endpointAddressKind, endpointUrlProblem, isCatalogueEventType } from './webhookEndpoints';

const create = (body: Record<string, unknown>) => createWebhookBodySchema.safeParse(body);
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('where a webhook endpoint may point', () => {
  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'metadata'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'metadata'],
    ['http://[fd00:ec2::254]/', 'metadata'],
    ['http://169.254.10.1/hook', 'link-local'],
    ['http://[fe80::1]/hook', 'link-local'],
    ['http://[::ffff:a9fe:a9fe]/', 'metadata'],
    ['http://127.0.0.1:3000/webhooks/lab-api', 'loopback'],
    ['http://localhost:3000/webhooks/lab-api', 'loopback'],
    ['http://[::1]/hook', 'loopback'],
    ['http://10.1.2.3/hook', 'private'],
    ['http://172.20.0.5/hook', 'private'],
    ['http://192.168.1.10/hook', 'private'],
    ['http://[fd12:3456::1]/hook', 'private'],
    ['https://console.clinic.example/webhooks/lab-api', 'public'],
    ['https://172.32.0.1/hook', 'public'],
  ])('%s is %s', (url, kind) => {
    expect(endpointAddressKind(url)).toBe(kind);
  });

  it('refuses metadata and link-local addresses in every form, saying why', () => {
    expect(messages(create({ url: 'http://169.254.169.254/latest/meta-data/' }))).toEqual([
      'This is a cloud metadata address: the Lab API must not post to it.',
    ]);
    expect(messages(patchWebhookBodySchema.safeParse({ url: 'http://[fe80::1]/' }))).toEqual([
      'This is a link-local address: the Lab API must not post to it.',
    ]);
  });

  it('keeps loopback and private addresses for the local Lab API, not for the real service', () => {
    expect(create({ url: 'http://127.0.0.1:3000/webhooks/lab-api' }).success).toBe(true);
    expect(endpointUrlProblem('http://127.0.0.1:3000/webhooks/lab-api', false)).toBeNull();
    expect(endpointUrlProblem('http://127.0.0.1:3000/webhooks/lab-api', true)).toMatch(
      /public address/,
    );
    expect(endpointUrlProblem('http://10.0.0.8/hook', true)).toMatch(/private network/);
    expect(endpointUrlProblem('https://console.clinic.example/hook', true)).toBeNull();
  });
});

describe('which events an endpoint may ask for', () => {
  it('takes the catalogue, lab and wearable events alike', () => {
    for (const type of [
      'labtest.order.updated',
      'lab_report.parsing_job.created',
      'provider.connection.created',
      'daily.data.heartrate.created',
      'historical.data.sleep.created',
    ]) {
      expect(isCatalogueEventType(type)).toBe(true);
    }
  });

  it('refuses an event the Lab API never sends, naming it', () => {
    expect(
      messages(
        create({ url: 'https://console.clinic.example/hook', filter_types: ['nonsense.event'] }),
      ),
    ).toEqual([
      'nonsense.event is not an event the Lab API sends; use one such as labtest.order.updated.',
    ]);
    expect(isCatalogueEventType('historical.data.sleep.updated')).toBe(false);
  });
});
