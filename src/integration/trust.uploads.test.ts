import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANTI_FORGERY_HEADER, ANTI_FORGERY_VALUE, PARSING_JOBS_PATH } from '../contract';
import { answer, startHostileUpstream, type HostileUpstream } from './hostileUpstream';
import { startStack, type Stack } from './stack';

/*
 * Lab-report uploads as an attacker sends them: malformed multipart must be the client's
 * error (4xx), never the BFF's (5xx), and a burst of uploads must meet a bound.
 */

let hostile: HostileUpstream;
let stack: Stack;
let ops: string;

const PARSER = 'POST /lab_report/v1/parser/job';
const PATIENT = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const SLOTS = 3;
const PDF = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';

beforeAll(async () => {
  hostile = await startHostileUpstream();
  stack = await startStack({
    upstream: { baseUrl: hostile.url, deadlineMs: 60_000 },
    uploadConcurrency: SLOTS,
  });
  ops = await stack.signIn('ops');
});
afterAll(async () => {
  await stack.close();
  await hostile.close();
});
beforeEach(() => hostile.reset());

function post(contentType: string, body: Buffer) {
  return stack.bff.inject({
    method: 'POST',
    url: PARSING_JOBS_PATH,
    headers: {
      [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE,
      cookie: ops,
      'content-type': contentType,
    },
    body,
  });
}

/** A multipart body written by hand, so that it can be broken on purpose. */
function multipart(boundary: string, parts: { name: string; file?: string; value: string }[]) {
  const text = parts
    .map(
      (p) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
        (p.file === undefined ? '' : `; filename="${p.file}"\r\nContent-Type: application/pdf`) +
        `\r\n\r\n${p.value}\r\n`,
    )
    .join('');
  return Buffer.from(`${text}--${boundary}--\r\n`, 'latin1');
}

const report = (boundary: string) =>
  multipart(boundary, [
    { name: 'user_id', value: PATIENT },
    { name: 'needs_human_review', value: 'false' },
    { name: 'file', file: 'report.pdf', value: PDF },
  ]);

/** mulberry32: the same "random" uploads on every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function malformedUploads(count: number) {
  const random = seeded(20_261_123);
  const pick = (n: number) => Math.floor(random() * n);
  const cases: { label: string; contentType: string; body: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const boundary = `----b${pick(1e9)}`;
    const body = report(boundary);
    const closing = Buffer.byteLength(`--${boundary}--\r\n`);
    const typed = `multipart/form-data; boundary=${boundary}`;
    switch (i % 8) {
      case 0: // cut anywhere before the closing delimiter
        cases.push({
          label: 'truncated',
          contentType: typed,
          body: body.subarray(0, pick(body.length - closing)),
        });
        break;
      case 1:
        cases.push({ label: 'no boundary', contentType: 'multipart/form-data', body });
        break;
      case 2:
        cases.push({
          label: 'bogus boundary',
          contentType: `multipart/form-data; boundary=${boundary}x`,
          body,
        });
        break;
      case 3:
        cases.push({
          label: 'empty boundary',
          contentType: 'multipart/form-data; boundary=',
          body,
        });
        break;
      case 4: {
        const noise = Buffer.alloc(1 + pick(4096));
        for (let j = 0; j < noise.length; j++) noise[j] = pick(256);
        cases.push({ label: 'random bytes', contentType: typed, body: noise });
        break;
      }
      case 5: // a part without its header block's end
        cases.push({
          label: 'broken part headers',
          contentType: typed,
          body: Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n${PDF}`,
          ),
        });
        break;
      case 6: // one byte flipped inside the delimiters' region
        {
          const flipped = Buffer.from(body);
          const at = pick(flipped.length);
          flipped[at] = (flipped[at] ?? 0) ^ (1 + pick(255));
          cases.push({ label: 'flipped byte', contentType: typed, body: flipped });
        }
        break;
      default:
        cases.push({
          label: 'over-long boundary',
          contentType: `multipart/form-data; boundary=${'z'.repeat(200 + pick(2000))}`,
          body,
        });
    }
  }
  return cases;
}

describe('malformed multipart', () => {
  it('answers every one of 160 malformed uploads with a 4xx, never a 5xx', async () => {
    let accepted = 0;
    hostile.on(PARSER, (_req, res) =>
      answer(
        res,
        200,
        { 'content-type': 'application/json' },
        JSON.stringify({ id: `fuzz-${accepted++}`, status: 'started' }),
      ),
    );
    const failures: string[] = [];
    for (const upload of malformedUploads(160)) {
      const response = await post(upload.contentType, upload.body);
      // A flipped byte may leave the form readable: then it is a good upload (200).
      if (
        response.statusCode >= 500 ||
        (response.statusCode < 400 && upload.label !== 'flipped byte')
      ) {
        failures.push(`${upload.label}: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers too many fields with 413', async () => {
    const fields = Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    const response = await post('multipart/form-data; boundary=b', multipart('b', fields));
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });

  it('answers multipart sent to the JSON routes with a 4xx', async () => {
    const body = report('b').subarray(0, 100);
    for (const url of ['/api/lab/v3/order', '/api/session']) {
      const response = await stack.bff.inject({
        method: 'POST',
        url,
        headers: {
          [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE,
          cookie: ops,
          'content-type': 'multipart/form-data; boundary=b',
        },
        body,
      });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });

  it('answers two files with 413', async () => {
    const body = multipart('b', [
      { name: 'user_id', value: PATIENT },
      { name: 'file', file: 'a.pdf', value: PDF },
      { name: 'file', file: 'b.pdf', value: PDF },
    ]);
    const response = await post('multipart/form-data; boundary=b', body);
    expect(response.statusCode).toBe(413);
    expect(hostile.calls(PARSER)).toBe(0);
  });
});

describe('concurrent uploads', () => {
  it(`lets ${SLOTS} uploads run at once, refuses the next with 503 and Retry-After, then frees the slots`, async () => {
    const held: ServerResponse[] = [];
    let allArrived = () => {};
    const arrived = new Promise<void>((resolve) => (allArrived = resolve));
    hostile.on(PARSER, (_req, res) => {
      held.push(res);
      if (held.length === SLOTS) allArrived();
    });
    const running = Array.from({ length: SLOTS }, () =>
      post('multipart/form-data; boundary=b', report('b')),
    );
    await arrived;

    const refused = await post('multipart/form-data; boundary=b', report('b'));
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(hostile.calls(PARSER)).toBe(SLOTS);

    held.forEach((res, i) =>
      answer(
        res,
        200,
        { 'content-type': 'application/json' },
        JSON.stringify({ id: `held-${i}`, status: 'started' }),
      ),
    );
    const done = await Promise.all(running);
    expect(done.map((r) => r.statusCode)).toEqual(Array<number>(SLOTS).fill(200));

    hostile.on(PARSER, (_req, res) =>
      answer(res, 200, { 'content-type': 'application/json' }, '{"id":"after","status":"started"}'),
    );
    const after = await post('multipart/form-data; boundary=b', report('b'));
    expect(after.statusCode).toBe(200);
    expect(hostile.calls(PARSER)).toBe(SLOTS + 1);
  });
});
