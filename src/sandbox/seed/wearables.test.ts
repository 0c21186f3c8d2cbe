import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './wearables';

describe('isoTimestamp', () => {
  it('writes what Date#toISOString writes, whichever hour came before', () => {
    const instants = [
      0,
      -1,
      -3_600_001,
      Date.UTC(2026, 2, 8, 6, 59, 59, 999),
      Date.UTC(2026, 2, 8, 7, 0, 0, 0),
      Date.UTC(2024, 1, 29, 23, 30, 15, 7),
      Date.UTC(2026, 11, 31, 23, 59, 0, 0),
    ];
    // A minute grid over two days, then instants jumping between hours and back.
    for (let at = Date.UTC(2026, 9, 31); at < Date.UTC(2026, 10, 2); at += 60_000)
      instants.push(at);
    for (let i = 0; i < 500; i++) instants.push(Math.round(Math.sin(i) * 2e12));
    for (const at of instants) expect(isoTimestamp(at)).toBe(new Date(at).toISOString());
  });
});
