import { describe, expect, it } from 'vitest';
import { toQueryRange } from './dateRange';
import { forEachLimited, splitIntoWindows } from './windows';

describe('splitIntoWindows', () => {
  it('keeps a short range as one window', () => {
    expect(splitIntoWindows('2026-03-01', '2026-03-10')).toEqual([
      { startDate: '2026-03-01', endDate: '2026-03-10' },
    ]);
  });

  it('splits a year into twelve consecutive windows of whole days, none missing, none twice', () => {
    const windows = splitIntoWindows('2025-03-01', '2026-02-28');
    expect(windows).toHaveLength(12);
    expect(windows[0]?.startDate).toBe('2025-03-01');
    expect(windows.at(-1)?.endDate).toBe('2026-02-28');
    let days = 0;
    for (let i = 0; i < windows.length; i++) {
      const w = windows[i];
      const size = (Date.parse(w?.endDate ?? '') - Date.parse(w?.startDate ?? '')) / 86_400_000 + 1;
      // 365 days in 12 windows: 30 or 31 days each.
      expect([30, 31]).toContain(size);
      days += size;
      const next = windows[i + 1];
      if (next) {
        expect(Date.parse(next.startDate) - Date.parse(w?.endDate ?? '')).toBe(86_400_000);
      }
    }
    expect(days).toBe(365);
  });

  it('gives windows whose query ranges meet to the millisecond, across a daylight-saving change', () => {
    const windows = splitIntoWindows('2026-02-20', '2026-03-20', 7);
    expect(windows).toHaveLength(4);
    const ranges = windows.map((w) => toQueryRange(w.startDate, w.endDate, 'America/New_York'));
    const whole = toQueryRange('2026-02-20', '2026-03-20', 'America/New_York');
    expect(ranges[0]?.start_date).toBe(whole.start_date);
    expect(ranges.at(-1)?.end_date).toBe(whole.end_date);
    for (let i = 1; i < ranges.length; i++) {
      expect(
        Date.parse(ranges[i]?.start_date ?? '') - Date.parse(ranges[i - 1]?.end_date ?? ''),
      ).toBe(1);
    }
  });

  it('refuses a range that ends before it starts', () => {
    expect(() => splitIntoWindows('2026-03-02', '2026-03-01')).toThrow(RangeError);
  });
});

describe('forEachLimited', () => {
  it('runs every item, never more than the limit at once, starting them in order', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await forEachLimited([0, 1, 2, 3, 4, 5, 6], 3, async (item) => {
      started.push(item);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5 * (item % 3)));
      running--;
    });
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(3);
  });

  it('rejects with the first failure', async () => {
    await expect(
      forEachLimited([1, 2], 2, (item) =>
        item === 2 ? Promise.reject(new Error('page 2')) : Promise.resolve(),
      ),
    ).rejects.toThrow('page 2');
  });
});
