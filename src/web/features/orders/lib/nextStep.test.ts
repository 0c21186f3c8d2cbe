import { describe, expect, it } from 'vitest';
import { nextStep } from './nextStep';

const order = (status: string) => ({
  last_event: { status },
  details: { type: status.split('.')[1] ?? '' },
});
const coordinator = { canAct: true, canReadResults: true };
const clinician = { canAct: false, canReadResults: true };
const ops = { canAct: false, canReadResults: false };

describe('nextStep', () => {
  it('offers results once there are any, to those who read results', () => {
    for (const low of ['partial_results', 'completed', 'corrected']) {
      expect(nextStep(order(`completed.testkit.${low}`), clinician)?.section).toBe('results');
    }
    expect(nextStep(order('completed.testkit.completed'), ops)).toBeNull();
  });

  it('offers booking the draw or the visit to coordinators until one is scheduled', () => {
    expect(nextStep(order('received.at_home_phlebotomy.requisition_created'), coordinator)).toEqual(
      {
        label: 'Book the at-home draw',
        section: 'appointment',
      },
    );
    expect(
      nextStep(order('collecting_sample.at_home_phlebotomy.appointment_scheduled'), coordinator)
        ?.label,
    ).toBe('See the appointment');
    expect(nextStep(order('received.walk_in_test.ordered'), coordinator)?.section).toBe('walk-in');
    expect(nextStep(order('received.walk_in_test.ordered'), clinician)).toBeNull();
  });

  it('offers marking an on-site draw completed before the draw', () => {
    expect(
      nextStep(order('received.on_site_collection.requisition_created'), coordinator)?.label,
    ).toBe('Mark the draw completed');
    expect(
      nextStep(order('sample_with_lab.on_site_collection.draw_completed'), coordinator),
    ).toBeNull();
  });

  it('offers nothing while the order only waits, or for a status it does not know', () => {
    expect(nextStep(order('collecting_sample.testkit.transit_customer'), coordinator)).toBeNull();
    expect(nextStep(order('received.drone.hovering'), coordinator)).toBeNull();
  });
});
