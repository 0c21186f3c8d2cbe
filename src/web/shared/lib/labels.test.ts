import { describe, expect, it } from 'vitest';
import { LOW_LEVEL_STATUSES } from '../../../contract/enums';
import { orderStatus } from '../../../contract/status';
import {
  describeCollectionMethod,
  describeDelegatedFlow,
  describeStatus,
  describeStatusDetail,
} from './labels';
import { humanize } from './format';

describe('describeStatus', () => {
  it('gives words to known statuses', () => {
    expect(describeStatus('received.testkit.requisition_created')).toEqual({
      text: 'Requisition created',
      stage: 'Received',
      tone: 'received',
      raw: 'received.testkit.requisition_created',
    });
    expect(describeStatus('collecting_sample.testkit.out_for_delivery').text).toBe(
      'Out for delivery',
    );
  });

  it('has words for every low-level status of the contract', () => {
    for (const low of LOW_LEVEL_STATUSES) {
      const label = describeStatus(orderStatus('testkit', low));
      expect(label.text).not.toContain('_');
      expect(label.tone).not.toBeNull();
    }
  });

  it('humanises an unknown low-level status', () => {
    const label = describeStatus('collecting_sample.testkit.held_at_customs');
    expect(label.text).toBe('Held at customs');
    expect(label.stage).toBe('Collecting sample');
  });

  it('humanises an unknown top-level stage and method', () => {
    const label = describeStatus('in_limbo.drone_drop.held_at_customs');
    expect(label).toMatchObject({ text: 'Held at customs', stage: 'In limbo', tone: null });
  });

  it('never crashes on odd shapes', () => {
    expect(describeStatus('').text).toBe('Unknown');
    expect(describeStatus('something_new').text).toBe('Something new');
    expect(describeStatus('a.b').text).toBe('A b');
    expect(describeStatus('a.b.c.d').text).toBe('C d');
    expect(describeStatus('...').text).toBe('Unknown');
  });
});

describe('other labels', () => {
  it('names collection methods, known or not', () => {
    expect(describeCollectionMethod('at_home_phlebotomy')).toBe('At-home phlebotomy');
    expect(describeCollectionMethod('drone_drop')).toBe('Drone drop');
  });

  it('names status details, known or not', () => {
    expect(describeStatusDetail('sample_hemolyzed')).toBe('Sample hemolyzed');
    expect(describeStatusDetail('sample_frozen_solid')).toBe('Sample frozen solid');
  });

  it('names delegated flows, known or not', () => {
    expect(describeDelegatedFlow('fully_delegated')).toBe('Fully delegated');
    expect(describeDelegatedFlow('partly_delegated')).toBe('Partly delegated');
  });

  it('humanize keeps words and drops separators', () => {
    expect(humanize('HELD_AT-customs')).toBe('Held at customs');
    expect(humanize('  ')).toBe('Unknown');
  });
});
