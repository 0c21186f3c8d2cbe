import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../../contract/webhooks';
import { MAX_ALERTS, alertsFor, dismissed, shortOrderId, withEvent } from './criticalAlerts';
import { connectionLabel, parseLiveMessage, reopenDelayMs } from './connection';

const ORDER = '3f9a2c1e-0b4d-4c6e-8f00-1234567890ab';
const OTHER = '7d2c1a9e-3b4f-4c6d-9e8f-0a1b2c3d4e5f';
const event = (fields: Partial<LiveEvent> & Pick<LiveEvent, 'kind'>): LiveEvent => ({
  id: '1',
  recordId: ORDER,
  at: '2026-03-01T12:00:00.000Z',
  ...fields,
});

describe('critical-result alerts', () => {
  it('are for the roles that read results: clinicians and coordinators', () => {
    expect(alertsFor('clinician')).toBe(true);
    expect(alertsFor('coordinator')).toBe(true);
    expect(alertsFor('ops')).toBe(false);
    expect(alertsFor('admin')).toBe(false);
  });

  it('keep one alert per order, newest first, refreshed by a later result, until dismissed', () => {
    let alerts = withEvent(
      [],
      event({ kind: 'critical_result', orderId: ORDER, status: 'partial' }),
    );
    alerts = withEvent(alerts, event({ kind: 'order', recordId: OTHER }));
    alerts = withEvent(alerts, event({ kind: 'critical_result', orderId: OTHER, status: 'final' }));
    alerts = withEvent(alerts, event({ kind: 'critical_result', orderId: ORDER, status: 'final' }));
    expect(alerts.map((a) => [a.orderId, a.status])).toEqual([
      [ORDER, 'final'],
      [OTHER, 'final'],
    ]);
    expect(dismissed(alerts, ORDER).map((a) => a.orderId)).toEqual([OTHER]);
  });

  it(`show at most ${String(MAX_ALERTS)} at a time`, () => {
    let alerts = withEvent([], event({ kind: 'critical_result', orderId: ORDER }));
    for (let i = 0; i < MAX_ALERTS + 2; i++) {
      alerts = withEvent(alerts, event({ kind: 'critical_result', orderId: `order-${String(i)}` }));
    }
    expect(alerts).toHaveLength(MAX_ALERTS);
    expect(alerts.some((a) => a.orderId === ORDER)).toBe(false);
  });

  it('name the order by the start of its id', () => {
    expect(shortOrderId(ORDER)).toBe('3f9a2c1e');
  });
});

describe('the live connection', () => {
  it('says when it is live, and when it is offline and reconnecting', () => {
    expect(connectionLabel('live')).toBe('Live');
    expect(connectionLabel('reconnecting')).toBe('Offline — reconnecting');
    expect(connectionLabel('connecting')).toBe('Connecting…');
  });

  it('reopens a refused stream after 2 s, doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 20].map(reopenDelayMs)).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('reads a message as a live event, and anything else as nothing', () => {
    const sent = event({ kind: 'order', status: 'completed' });
    expect(parseLiveMessage(JSON.stringify(sent))).toEqual(sent);
    expect(parseLiveMessage('{}')).toBeNull();
    expect(parseLiveMessage('not json')).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ ...sent, kind: 'patient' }))).toBeNull();
    expect(parseLiveMessage(undefined)).toBeNull();
  });
});
