import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, parseDay, presetOf, presetRange, todayIn } from './presets';

const byId = (id: string) => {
  const preset = DATE_PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(id);
  return preset;
};

describe('date presets', () => {
  it('count days in the user’s time zone, not UTC', () => {
    // 03:30 UTC on 1 March 2026 is still 28 February in Phoenix and already 1 March in Berlin.
    const now = Date.UTC(2026, 2, 1, 3, 30);
    expect(todayIn('America/Phoenix', now).toString()).toBe('2026-02-28');
    expect(todayIn('Europe/Berlin', now).toString()).toBe('2026-03-01');
    expect(presetRange(byId('today'), todayIn('America/Phoenix', now))).toEqual({
      start: '2026-02-28',
      end: '2026-02-28',
    });
  });

  it('include today in each range', () => {
    const today = todayIn('UTC', Date.UTC(2026, 2, 1, 12));
    expect(presetRange(byId('7d'), today)).toEqual({ start: '2026-02-23', end: '2026-03-01' });
    expect(presetRange(byId('30d'), today)).toEqual({ start: '2026-01-31', end: '2026-03-01' });
    expect(presetRange(byId('90d'), today)).toEqual({ start: '2025-12-02', end: '2026-03-01' });
    expect(presetRange(byId('1y'), today)).toEqual({ start: '2025-03-02', end: '2026-03-01' });
  });

  it('recognise a range that is a preset as of today', () => {
    const today = todayIn('UTC', Date.UTC(2026, 2, 1, 12));
    expect(presetOf({ start: '2026-02-23', end: '2026-03-01' }, today)?.id).toBe('7d');
    expect(presetOf({ start: '2026-02-22', end: '2026-03-01' }, today)).toBeNull();
    expect(presetOf(null, today)).toBeNull();
  });

  it('read only real days from the address bar', () => {
    expect(parseDay('2026-02-28')?.toString()).toBe('2026-02-28');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('yesterday')).toBeNull();
    expect(parseDay(undefined)).toBeNull();
  });
});
