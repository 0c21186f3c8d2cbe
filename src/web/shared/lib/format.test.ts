import { afterAll, describe, expect, it } from 'vitest';

const zone = process.env.TZ;
afterAll(() => {
  process.env.TZ = zone;
});

describe('formatBirthDate', () => {
  it('shows the calendar day a date of birth names, even west of UTC', async () => {
    // West of UTC, midnight UTC is still the day before: the date must not move.
    process.env.TZ = 'America/Phoenix';
    const { formatBirthDate, formatDate } = await import('./format');
    expect(formatBirthDate('1984-03-12T00:00:00+00:00')).toBe(formatDate('1984-03-12'));
    expect(formatBirthDate('1984-03-12T00:00:00+00:00')).not.toBe(
      formatDate('1984-03-12T00:00:00+00:00'),
    );
    expect(formatBirthDate('1984-03-12')).toBe(formatDate('1984-03-12'));
    expect(formatBirthDate('12/03/1984')).toBe('12/03/1984');
  });
});
