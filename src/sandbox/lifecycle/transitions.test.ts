import { describe, expect, it } from 'vitest';
import { pathTo } from './transitions';

describe('pathTo', () => {
  it('walks a test kit from ordered to completed through shipping and the lab', () => {
    expect(pathTo('testkit', 'ordered', 'completed')).toEqual([
      'requisition_created',
      'transit_customer',
      'out_for_delivery',
      'with_customer',
      'transit_lab',
      'delivered_to_lab',
      'completed',
    ]);
  });

  it('takes phlebotomy through the appointment and the draw', () => {
    expect(pathTo('at_home_phlebotomy', 'requisition_created', 'completed')).toEqual([
      'appointment_pending',
      'appointment_scheduled',
      'draw_completed',
      'completed',
    ]);
  });

  it('is empty when already there and null when there is no way', () => {
    expect(pathTo('walk_in_test', 'completed', 'completed')).toEqual([]);
    expect(pathTo('testkit', 'completed', 'ordered')).toBeNull();
    expect(pathTo('walk_in_test', 'ordered', 'draw_completed')).toBeNull();
    expect(pathTo('unknown_method', 'ordered', 'completed')).toBeNull();
  });
});
