import { describe, expect, it } from 'vitest';
import { isRetryable, SubmissionKeys } from './submissionKeys';

const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('SubmissionKeys', () => {
  it('reuses the key when the same request is retried before a final answer', () => {
    const keys = new SubmissionKeys(counter());
    expect(keys.keyFor('{"a":1}')).toBe('key-1');
    expect(keys.keyFor('{"a":1}')).toBe('key-1');
  });
  it('takes a new key when the input changed', () => {
    const keys = new SubmissionKeys(counter());
    keys.keyFor('{"a":1}');
    expect(keys.keyFor('{"a":2}')).toBe('key-2');
  });
  it('takes a new key after a final answer', () => {
    const keys = new SubmissionKeys(counter());
    keys.keyFor('{"a":1}');
    keys.settle();
    expect(keys.keyFor('{"a":1}')).toBe('key-2');
  });
});

describe('isRetryable', () => {
  it('retries network failures, 409 and 5xx, not refusals', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryable({ status: 409 })).toBe(true);
    expect(isRetryable({ status: 502 })).toBe(true);
    expect(isRetryable({ status: 422 })).toBe(false);
    expect(isRetryable({ status: 404 })).toBe(false);
  });
});
