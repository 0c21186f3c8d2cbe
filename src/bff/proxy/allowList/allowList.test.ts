import { describe, expect, it } from 'vitest';
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
    expect(matchCall('GET', '/v2/user')).toBeNull();
    expect(matchCall('GET', '/v3/order/..%2F..%2Fv2%2Fuser')).toBeNull();
    expect(matchCall('GET', '/v3/order/a/b')).toBeNull();
    expect(matchCall('GET', '/v3/orders/')).toBeNull();
  });

  it('gives every entry at least one role and a unique method and path', () => {
    const keys = ALLOW_LIST.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const call of ALLOW_LIST) expect(call.roles.length).toBeGreaterThan(0);
  });
});
