import { describe, expect, it } from 'vitest';
import { lttb, lttbIndices } from './lttb';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 1);

/** A deterministic wavy series of `n` minute samples. */
function series(n: number, at: (i: number) => number = (i) => 70 + 10 * Math.sin(i / 37)) {
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = T0 + i * MINUTE;
    y[i] = at(i);
  }
  return { x, y };
}

function expectStrictlyIncreasing(values: ArrayLike<number>) {
  for (let i = 1; i < values.length; i++) {
    expect(values[i]).toBeGreaterThan(values[i - 1] as number);
  }
}

function expectKeepsExtremes(x: Float64Array, y: Float64Array, threshold: number) {
  const out = lttb(x, y, threshold);
  expect(out.x.length).toBeLessThanOrEqual(threshold + 2);
  expect(out.x[0]).toBe(x[0]);
  expect(out.y[0]).toBe(y[0]);
  expect(out.x[out.x.length - 1]).toBe(x[x.length - 1]);
  expect(out.y[out.y.length - 1]).toBe(y[y.length - 1]);
  expect(Math.min(...out.y)).toBe(Math.min(...y));
  expect(Math.max(...out.y)).toBe(Math.max(...y));
  expectStrictlyIncreasing(out.x);
  expectStrictlyIncreasing(out.indices);
  return out;
}

describe('lttb', () => {
  it('returns every point when the threshold is at least the length', () => {
    const { x, y } = series(50);
    for (const threshold of [50, 51, 1000, Number.POSITIVE_INFINITY]) {
      const out = lttb(x, y, threshold);
      expect(Array.from(out.indices)).toEqual(Array.from({ length: 50 }, (_, i) => i));
      expect(out.x).toEqual(x);
      expect(out.y).toEqual(y);
    }
  });

  it('handles 0, 1 and 2 points', () => {
    expect(lttb(new Float64Array(0), new Float64Array(0), 10).x).toHaveLength(0);
    const one = lttb(new Float64Array([T0]), new Float64Array([5]), 10);
    expect(Array.from(one.y)).toEqual([5]);
    const two = lttb(new Float64Array([T0, T0 + MINUTE]), new Float64Array([5, 7]), 2);
    expect(Array.from(two.y)).toEqual([5, 7]);
  });

  it('returns at most the threshold for a smooth series, first and last included', () => {
    const { x, y } = series(10_000);
    const out = expectKeepsExtremes(x, y, 500);
    expect(out.x.length).toBeLessThanOrEqual(502);
    expect(out.indices[0]).toBe(0);
    expect(out.indices[out.indices.length - 1]).toBe(9_999);
  });

  it('keeps a one-sample spike in the middle', () => {
    const { x, y } = series(100_000, (i) => (i === 54_321 ? 400 : 60 + (i % 7)));
    const out = expectKeepsExtremes(x, y, 300);
    expect(Array.from(out.indices)).toContain(54_321);
  });

  it('keeps a minimum at the edges and a maximum next to them', () => {
    const low = series(20_000, (i) => (i === 0 ? -50 : i === 1 ? 900 : 100 + Math.sin(i)));
    expectKeepsExtremes(low.x, low.y, 100);
    const lowEnd = series(20_000, (i) => (i === 19_999 ? -50 : i === 19_998 ? 900 : 100));
    expectKeepsExtremes(lowEnd.x, lowEnd.y, 100);
  });

  it('inserts the global extremes when the triangles would drop them', () => {
    // Flat at 100; one bucket holds both a deep trough (0) and a barely higher peak (101).
    // LTTB keeps one point per bucket, the trough (the larger triangle): the peak is inserted.
    const n = 1_000;
    const { x, y } = series(n, () => 100);
    y[500] = 0;
    y[502] = 101;
    const out = expectKeepsExtremes(x, y, 10);
    expect(out.x.length).toBe(11);
    expect(Array.from(out.indices)).toEqual(expect.arrayContaining([500, 502]));
  });

  it('inserts an extreme beside the first or the last point, keeping x order', () => {
    const n = 2_000;
    // Maximum at index 1, a barely higher blip sharing its bucket with a deep trough.
    const start = series(n, () => 100);
    start.y[1] = 100.5;
    start.y[5] = 0;
    const first = expectKeepsExtremes(start.x, start.y, 20);
    expect(Array.from(first.indices.slice(0, 3))).toEqual([0, 1, 5]);
    expect(first.x.length).toBe(21);

    // Minimum just before the last point, sharing its bucket with a tall spike.
    const end = series(n, () => 100);
    end.y[n - 2] = 99.5;
    end.y[n - 6] = 200;
    const last = expectKeepsExtremes(end.x, end.y, 20);
    expect(Array.from(last.indices.slice(-3))).toEqual([n - 6, n - 2, n - 1]);
    expect(last.x.length).toBe(21);
  });

  it('never exceeds the threshold by more than two, for many thresholds', () => {
    const { x, y } = series(5_003, (i) => ((i * 7919) % 1013) - (i % 5 === 0 ? 2000 : 0));
    for (const threshold of [2, 3, 4, 5, 17, 100, 999, 5_002]) {
      const out = expectKeepsExtremes(x, y, threshold);
      expect(out.x.length).toBeLessThanOrEqual(threshold + 2);
    }
  });

  it('treats thresholds below two as two (first and last, plus extremes)', () => {
    const { x, y } = series(1_000);
    for (const threshold of [0, 1, Number.NaN]) {
      const out = lttb(x, y, threshold);
      expect(out.x.length).toBeLessThanOrEqual(4);
      expect(out.indices[0]).toBe(0);
      expect(out.indices[out.indices.length - 1]).toBe(999);
    }
  });

  it('works on Float32Array values and returns indices only when asked', () => {
    const { x } = series(2_000);
    const y = new Float32Array(2_000).map((_, i) => (i === 700 ? 9 : 1));
    const indices = lttbIndices(x, y, 50);
    expect(indices).toBeInstanceOf(Uint32Array);
    expect(Array.from(indices)).toContain(700);
  });

  it('refuses arrays of different lengths', () => {
    expect(() => lttb(new Float64Array(3), new Float64Array(2), 2)).toThrow(RangeError);
  });
});
