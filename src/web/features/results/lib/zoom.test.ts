import { describe, expect, it } from 'vitest';
import type { MarkerPoint } from '../../../shared/lib/resultSeries';
import { describeWindow, isZoomed, wholeSeries, zoomIn, zoomOut } from './zoom';

const point = (t: number): MarkerPoint => ({
  t,
  value: t,
  text: String(t),
  flag: 'normal',
  direction: null,
  orderId: `o${t}`,
});
const points = [10, 20, 30, 40].map(point);
const format = (t: number) => `day ${t}`;

describe('the full trend chart’s zoom window', () => {
  it('starts on the whole series and says so', () => {
    const all = wholeSeries(points);
    expect(all).toEqual({ start: 0, end: 3 });
    expect(isZoomed(points, all)).toBe(false);
    expect(describeWindow(points, all, format)).toBe('Showing all 4 values, day 10 to day 40.');
  });

  it('names the part shown once zoomed', () => {
    const window = { start: 1, end: 2 };
    expect(isZoomed(points, window)).toBe(true);
    expect(describeWindow(points, window, format)).toBe('Showing 2 of 4 values, day 20 to day 30.');
  });

  it('copes with an empty series', () => {
    expect(wholeSeries([])).toEqual({ start: 0, end: 0 });
    expect(describeWindow([], { start: 0, end: 0 }, format)).toBe('No values.');
  });
});

describe('zooming by keyboard', () => {
  it('zooms in by half, keeping the newest values, down to one', () => {
    expect(zoomIn({ start: 0, end: 3 })).toEqual({ start: 2, end: 3 });
    expect(zoomIn({ start: 2, end: 3 })).toEqual({ start: 3, end: 3 });
    expect(zoomIn({ start: 3, end: 3 })).toEqual({ start: 3, end: 3 });
  });

  it('zooms out to twice as many, back to the whole series', () => {
    expect(zoomOut(points, { start: 3, end: 3 })).toEqual({ start: 2, end: 3 });
    expect(zoomOut(points, { start: 2, end: 3 })).toEqual({ start: 0, end: 3 });
    expect(zoomOut(points, { start: 0, end: 1 })).toEqual({ start: 0, end: 3 });
    expect(zoomOut(points, { start: 0, end: 3 })).toEqual({ start: 0, end: 3 });
  });
});
