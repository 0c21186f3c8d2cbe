import { describe, expect, it } from 'vitest';
import { stepTime } from './stepTime';

const now = new Date('2026-11-23T10:00:00.000Z');
const booked = '2026-11-24T16:30:00.000Z';

describe('stepTime', () => {
  it('dates a step now when nothing is booked ahead', () => {
    expect(stepTime(now, 'draw_completed', '2026-11-23T09:00:00.000Z', null)).toBe(
      now.toISOString(),
    );
  });

  it('never dates the draw, or anything after it, before the booked appointment ends', () => {
    const draw = stepTime(now, 'draw_completed', '2026-11-23T09:59:00.000Z', booked);
    expect(draw).toBe(booked);
    const delivered = stepTime(now, 'delivered_to_lab', draw, booked);
    expect(delivered).toBe('2026-11-24T16:31:00.000Z');
    expect(stepTime(now, 'completed', delivered, booked)).toBe('2026-11-24T16:32:00.000Z');
  });

  it('leaves steps before the draw at the present', () => {
    expect(stepTime(now, 'appointment_scheduled', undefined, booked)).toBe(now.toISOString());
  });
});
