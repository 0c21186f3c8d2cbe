import { describe, expect, it } from 'vitest';
import { describeHours } from './centreHours';

describe('describeHours', () => {
  it('joins equal neighbouring days and leaves closed days out', () => {
    const weekdays = Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((d) => [d, '07:00-17:00']),
    );
    expect(describeHours({ ...weekdays, saturday: '08:00-12:00', sunday: 'closed' })).toBe(
      'Mon–Fri 07:00–17:00 · Sat 08:00–12:00',
    );
  });

  it('says so when the Lab API gives no hours', () => {
    expect(describeHours(null)).toBe('Hours not given');
    expect(describeHours({ note: 'call ahead' })).toBe('Hours not given');
  });
});
