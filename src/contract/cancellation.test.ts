import { describe, expect, it } from 'vitest';
import { canCancel, cancelRefusal } from './cancellation';

describe('canCancel', () => {
  it('allows every method before collection starts', () => {
    for (const method of ['testkit', 'walk_in_test', 'at_home_phlebotomy', 'on_site_collection']) {
      expect(canCancel(method, 'ordered')).toBe(true);
      expect(canCancel(method, 'requisition_created')).toBe(true);
    }
  });

  it('never cancels a test kit once shipped', () => {
    for (const low of ['transit_customer', 'out_for_delivery', 'with_customer', 'transit_lab']) {
      expect(canCancel('testkit', low)).toBe(false);
    }
  });

  it('allows appointment statuses for walk-in and phlebotomy only', () => {
    expect(canCancel('walk_in_test', 'appointment_scheduled')).toBe(true);
    expect(canCancel('at_home_phlebotomy', 'appointment_cancelled')).toBe(true);
    expect(canCancel('on_site_collection', 'appointment_pending')).toBe(false);
  });

  it('allows draw_completed for phlebotomy and on-site, not walk-in', () => {
    expect(canCancel('at_home_phlebotomy', 'draw_completed')).toBe(true);
    expect(canCancel('on_site_collection', 'draw_completed')).toBe(true);
    expect(canCancel('walk_in_test', 'draw_completed')).toBe(false);
  });

  it('refuses finished, failed and unknown statuses and methods', () => {
    for (const low of [
      'completed',
      'partial_results',
      'redraw_available',
      'cancelled',
      'lost',
      'sample_error',
      'teleported',
    ]) {
      expect(canCancel('walk_in_test', low)).toBe(false);
    }
    expect(canCancel('drone_delivery', 'ordered')).toBe(false);
  });

  it('words the refusal as the API does', () => {
    expect(cancelRefusal('completed').message).toBe(
      'Transition from completed to cancelled is not allowed',
    );
  });
});
