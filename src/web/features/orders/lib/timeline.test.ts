import { describe, expect, it } from 'vitest';
import { buildTimeline } from './timeline';

const event = (id: number, status: string, at: string, status_detail: string | null = null) => ({
  id,
  status,
  created_at: at,
  status_detail,
});

describe('buildTimeline', () => {
  it('orders events by ascending id and marks the last event as current', () => {
    const steps = buildTimeline([
      event(3, 'collecting_sample.testkit.transit_customer', '2026-03-03T00:00:00Z'),
      event(1, 'received.testkit.ordered', '2026-03-01T00:00:00Z'),
      event(2, 'received.testkit.requisition_created', '2026-03-02T00:00:00Z'),
    ]);
    expect(steps.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(steps.map((s) => s.current)).toEqual([false, false, true]);
    expect(steps[2]?.text).toBe('In transit to patient');
  });

  it('reads an unknown status as text without failing', () => {
    const [step] = buildTimeline([
      event(1, 'collecting_sample.testkit.held_at_customs', '2026-03-01T00:00:00Z'),
    ]);
    expect(step).toMatchObject({ text: 'Held at customs', known: false, current: true });
  });

  it('flags events whose time runs backwards and keeps id order', () => {
    const steps = buildTimeline([
      event(1, 'received.walk_in_test.ordered', '2026-03-02T00:00:00Z'),
      event(2, 'received.walk_in_test.requisition_created', '2026-03-01T00:00:00Z'),
    ]);
    expect(steps.map((s) => s.outOfOrder)).toEqual([false, true]);
  });

  it('adds last_event when the list lacks it, explains status details and marks repeats', () => {
    const steps = buildTimeline(
      [
        event(
          1,
          'collecting_sample.at_home_phlebotomy.appointment_scheduled',
          '2026-03-01T00:00:00Z',
        ),
        event(
          2,
          'collecting_sample.at_home_phlebotomy.appointment_scheduled',
          '2026-03-02T00:00:00Z',
        ),
      ],
      event(
        5,
        'failed.at_home_phlebotomy.sample_error',
        '2026-03-04T00:00:00Z',
        'sample_hemolyzed',
      ),
    );
    expect(steps.map((s) => s.id)).toEqual([1, 2, 5]);
    // A second "scheduled" is a reschedule: one event in its own words, not "again".
    expect(steps[1]).toMatchObject({ text: 'Appointment rescheduled', repeated: false });
    expect(steps[2]).toMatchObject({
      current: true,
      detail: expect.stringMatching(/hemoly/i) as string,
    });
  });

  it('marks other repeats as repeated', () => {
    const steps = buildTimeline([
      event(1, 'collecting_sample.testkit.transit_customer', '2026-03-01T00:00:00Z'),
      event(2, 'collecting_sample.testkit.transit_customer', '2026-03-02T00:00:00Z'),
    ]);
    expect(steps[1]).toMatchObject({ text: 'In transit to patient', repeated: true });
  });

  it('is empty for no events', () => {
    expect(buildTimeline([])).toEqual([]);
  });
});
