import { afterAll, describe, expect, it, vi } from 'vitest';

const zone = process.env.TZ;
afterAll(() => {
  process.env.TZ = zone;
});

describe('formatBirthDate', () => {
  it('shows the calendar day a date of birth names, even west of UTC', async () => {
    // West of UTC, midnight UTC is still the day before: the date must not move.
    process.env.TZ = 'America/Phoenix';
    // The formatters are made when the module loads: load it afresh in this zone, whichever
    // test file of this worker loaded it before.
    vi.resetModules();
    const { formatBirthDate, formatDate } = await import('./format');
    expect(formatBirthDate('1984-03-12T00:00:00+00:00')).toBe(formatDate('1984-03-12'));
    expect(formatBirthDate('1984-03-12T00:00:00+00:00')).not.toBe(
      formatDate('1984-03-12T00:00:00+00:00'),
    );
    expect(formatBirthDate('1984-03-12')).toBe(formatDate('1984-03-12'));
    expect(formatBirthDate('12/03/1984')).toBe('12/03/1984');
  });
});

describe('times in the place they happen', () => {
  it('shows a Phoenix slot in Phoenix time, named, wherever the viewer sits', async () => {
    process.env.TZ = 'Europe/Berlin';
    vi.resetModules();
    const { formatDateTimeIn, formatTimeRangeIn } = await import('./format');
    const start = '2026-11-24T16:00:00Z';
    const end = '2026-11-24T16:30:00Z';
    expect(formatDateTimeIn(start, 'America/Phoenix')).toMatch(/9:00\s?AM MST/);
    expect(formatTimeRangeIn(start, end, 'America/Phoenix')).toMatch(/9:00\s?–\s?9:30\s?AM MST/);
    // An unknown zone falls back to the viewer's time rather than failing the page.
    expect(formatDateTimeIn(start, 'Mars/Olympus')).toMatch(/5:00\s?PM/);
  });
});
