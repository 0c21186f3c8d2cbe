import { describe, expect, it } from 'vitest';
import type { Order } from '../../contract';
import { acknowledgeRefusal, inboxItems } from './inbox';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

let sequence = 0;
/** An order as the orders list gives it, with only what the inbox reads filled in. */
function order(interpretation: string, statuses: { status: string; minutesAgo: number }[]): Order {
  sequence += 1;
  const events = statuses.map((s, index) => ({
    id: index + 1,
    created_at: minutesAgo(s.minutesAgo),
    status: `completed.walk_in_test.${s.status}`,
  }));
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    user_id: '00000000-0000-4000-8000-aaaaaaaaaaaa',
    patient_details: { first_name: 'Ada', last_name: 'Byron', dob: '1990-01-01', gender: 'female' },
    lab_test: { id: 'test-1', name: 'Lipid panel' },
    interpretation,
    events,
    last_event: events.at(-1),
  } as unknown as Order;
}

const ack = (o: Order, version: string) => ({ orderId: o.id, version });

describe('the results inbox rules', () => {
  it('puts overdue criticals first, then criticals, abnormal and normal, each oldest first', () => {
    const normalOld = order('normal', [{ status: 'completed', minutesAgo: 500 }]);
    const abnormal = order('abnormal', [{ status: 'completed', minutesAgo: 5 }]);
    const criticalNew = order('critical', [{ status: 'completed', minutesAgo: 10 }]);
    const criticalOverdue = order('critical', [{ status: 'completed', minutesAgo: 61 }]);
    const items = inboxItems([normalOld, abnormal, criticalNew, criticalOverdue], [], NOW, 60);
    expect(items.map((i) => i.order_id)).toEqual([
      criticalOverdue.id,
      criticalNew.id,
      abnormal.id,
      normalOld.id,
    ]);
    expect(items.map((i) => i.overdue)).toEqual([true, false, false, false]);
  });

  it('marks overdue by the configured minutes, never a normal or abnormal result', () => {
    const critical = order('critical', [{ status: 'completed', minutesAgo: 20 }]);
    const abnormal = order('abnormal', [{ status: 'completed', minutesAgo: 600 }]);
    expect(inboxItems([critical, abnormal], [], NOW, 15).map((i) => i.overdue)).toEqual([
      true,
      false,
    ]);
    expect(inboxItems([critical], [], NOW, 30)[0]?.overdue).toBe(false);
  });

  it('leaves out orders without results and results acknowledged at their version', () => {
    const pending = order('normal', [{ status: 'draw_completed', minutesAgo: 5 }]);
    const seen = order('normal', [{ status: 'completed', minutesAgo: 5 }]);
    const [item] = inboxItems([seen], [], NOW, 60);
    expect(inboxItems([pending, seen], [ack(seen, item?.version ?? '')], NOW, 60)).toEqual([]);
  });

  it('reopens a result once it is corrected, and the final results after partial ones', () => {
    const corrected = order('abnormal', [
      { status: 'completed', minutesAgo: 90 },
      { status: 'corrected', minutesAgo: 3 },
    ]);
    const final = order('normal', [
      { status: 'partial_results', minutesAgo: 90 },
      { status: 'completed', minutesAgo: 3 },
    ]);
    const items = inboxItems(
      [corrected, final],
      [ack(corrected, 'completed:1'), ack(final, 'partial_results:1')],
      NOW,
      60,
    );
    expect(items.map((i) => [i.order_id, i.status, i.reopened])).toEqual([
      [corrected.id, 'corrected', true],
      [final.id, 'completed', true],
    ]);
    // Its age counts from the correction, not the first report.
    expect(items[0]?.reported_at).toBe(minutesAgo(3));
  });

  it('acknowledges in bulk normal results only', () => {
    const normal = order('normal', [{ status: 'completed', minutesAgo: 5 }]);
    const abnormal = order('abnormal', [{ status: 'completed', minutesAgo: 5 }]);
    const critical = order('critical', [{ status: 'completed', minutesAgo: 5 }]);
    expect(acknowledgeRefusal(normal, 'completed:1', 'bulk')).toBeNull();
    expect(acknowledgeRefusal(abnormal, 'completed:1', 'bulk')?.kind).toBe('not_normal');
    expect(acknowledgeRefusal(critical, 'completed:1', 'bulk')?.kind).toBe('not_normal');
    expect(acknowledgeRefusal(critical, 'completed:1', 'single')?.kind).toBe('note_required');
    expect(acknowledgeRefusal(critical, 'completed:1', 'single', '  ')?.kind).toBe('note_required');
    expect(acknowledgeRefusal(critical, 'completed:1', 'single', 'Called the patient.')).toBeNull();
    expect(acknowledgeRefusal(abnormal, 'completed:1', 'single')).toBeNull();
  });

  it('refuses a version that is no longer the current one, and an order without results', () => {
    const corrected = order('normal', [
      { status: 'completed', minutesAgo: 50 },
      { status: 'corrected', minutesAgo: 5 },
    ]);
    expect(acknowledgeRefusal(corrected, 'completed:1', 'single')?.kind).toBe('changed');
    expect(acknowledgeRefusal(corrected, 'corrected:2', 'single')).toBeNull();
    const pending = order('normal', [{ status: 'draw_completed', minutesAgo: 5 }]);
    expect(acknowledgeRefusal(pending, 'completed:1', 'single')?.kind).toBe('no_results');
  });
});
