import { describe, expect, it } from 'vitest';
import { rolesWith } from '../../../contract';
import { ALLOW_LIST, matchCall } from './index';

describe('matchCall', () => {
  it('matches a listed method and path template and extracts its parameters', () => {
    const id = '0c7b1c0e-8f1a-4a53-9d3c-2f0f3b1e6a11';
    const matched = matchCall('GET', `/v3/order/${id}`);
    expect(matched?.call.path).toBe('/v3/order/{order_id}');
    expect(matched?.params).toEqual({ order_id: id });
  });

  it('refuses another method, an unlisted path, and a parameter that could climb out', () => {
    expect(matchCall('DELETE', '/v3/orders')).toBeNull();
    expect(matchCall('PATCH', '/v2/user/abc')).toBeNull();
    expect(matchCall('GET', '/v2/users')).toBeNull();
    expect(matchCall('GET', '/v3/order/..%2F..%2Fv2%2Fuser')).toBeNull();
    expect(matchCall('GET', '/v3/order/a/b')).toBeNull();
    expect(matchCall('GET', '/v3/orders/')).toBeNull();
  });

  it('gives every entry at least one role and a unique method and path', () => {
    const keys = ALLOW_LIST.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const call of ALLOW_LIST) expect(rolesWith(call.permission).length).toBeGreaterThan(0);
  });
});

describe('ordering calls', () => {
  it('lets coordinators write, ops, clinicians and coordinators read patients, and audits them all', () => {
    for (const [method, path] of [
      ['POST', '/v3/order'],
      ['POST', '/v3/order/create'],
      ['POST', '/v3/order/testkit'],
      ['POST', '/v3/order/testkit/register'],
      ['POST', '/v2/user'],
      ['DELETE', '/v2/user/6f1d3c2b-8a9e-4b7d-a1c0-2e5f7d9b3c18'],
      ['POST', '/v2/user/undo_delete'],
    ] as const) {
      const matched = matchCall(method, path);
      expect(matched && rolesWith(matched.call.permission), `${method} ${path}`).toEqual([
        'coordinator',
      ]);
      expect(matched?.call.audit).toBeDefined();
    }
    for (const path of ['/v2/user', '/v2/user/6f1d3c2b-8a9e-4b7d-a1c0-2e5f7d9b3c18']) {
      const matched = matchCall('GET', path);
      expect(matched && rolesWith(matched.call.permission)).toEqual([
        'coordinator',
        'ops',
        'clinician',
      ]);
      expect(matched?.call.audit).toBeDefined();
    }
  });
});

describe('ICD-10 code calls', () => {
  it('lets those who place orders check and look up codes, without an audit (no patient named)', () => {
    for (const [method, path] of [
      ['POST', '/v3/insurance/validate_icd_codes'],
      ['GET', '/v3/insurance/search/diagnosis'],
    ] as const) {
      const matched = matchCall(method, path);
      expect(matched && rolesWith(matched.call.permission), `${method} ${path}`).toEqual([
        'coordinator',
      ]);
      expect(matched?.call.audit).toBeUndefined();
    }
  });
});

describe('wearables calls', () => {
  it('lets those who read wearables read a patient’s providers (audited) and the provider list', () => {
    const patient = matchCall('GET', '/v2/user/providers/6f1d3c2b-8a9e-4b7d-a1c0-2e5f7d9b3c18');
    expect(patient && rolesWith(patient.call.permission)).toEqual(['coordinator', 'clinician']);
    expect(patient?.call.audit?.idParam).toBe('user_id');
    const list = matchCall('GET', '/v2/providers');
    expect(list && rolesWith(list.call.permission)).toEqual(['coordinator', 'clinician']);
    expect(list?.call.audit).toBeUndefined();
  });
});

describe('order action calls', () => {
  const id = '6f1d3c2b-8a9e-4b7d-a1c0-2e5f7d9b3c18';
  it('keeps booking lookups and every change to coordinators, and audits them', () => {
    for (const [method, path] of [
      ['GET', '/v3/order/area/info'],
      ['GET', '/v3/order/psc/info'],
      ['GET', `/v3/order/${id}/psc/info`],
      ['POST', '/v3/order/psc/appointment/availability'],
      ['POST', `/v3/order/${id}/psc/appointment/book`],
      ['PATCH', `/v3/order/${id}/psc/appointment/reschedule`],
      ['PATCH', `/v3/order/${id}/psc/appointment/cancel`],
      ['PATCH', `/v3/order/${id}`],
      ['PATCH', `/v3/order/${id}/draw_completed`],
      ['PATCH', `/v3/order/${id}/communication_settings`],
    ] as const) {
      const matched = matchCall(method, path);
      expect(matched && rolesWith(matched.call.permission), `${method} ${path}`).toEqual([
        'coordinator',
      ]);
      expect(matched?.call.audit, `${method} ${path}`).toBeDefined();
    }
  });

  it('lets every role read an order’s appointment and SMS setting, audited', () => {
    for (const path of [
      `/v3/order/${id}/psc/appointment`,
      `/v3/order/${id}/communication_settings`,
    ]) {
      const matched = matchCall('GET', path);
      expect(matched && rolesWith(matched.call.permission)).toEqual([
        'coordinator',
        'ops',
        'clinician',
        'admin',
      ]);
      expect(matched?.call.audit?.idParam).toBe('order_id');
    }
  });
});
