import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { canCancel } from '../../../../contract/cancellation';
import type { Order } from '../../../../contract/order';
import { parseOrderStatus } from '../../../../contract/status';
import { describeError } from '../../../shared/api/client';
import { formatCount } from '../../../shared/lib/format';
import { describeStatus } from '../../../shared/lib/labels';
import { cancelOrder } from '../api/orderActions';
import { csvDocument } from '../lib/csv';
import { downloadCsv } from './CsvExport';
import { orderTitle } from './patient';
import { orderKeys } from '../../../shared/api/orders';

/** The confirmation's dialog code is fetched when a person first asks to cancel. */
const ConfirmDialog = lazy(() =>
  import('../../../shared/ui/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })),
);

const cancellable = (order: Order) =>
  !/^cancelled\./.test(order.last_event.status) &&
  canCancel(order.details.type, parseOrderStatus(order.last_event.status).lowLevel);

const plural = (n: number, one: string, many: string) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;
const describeOrder = (order: Order) => `${orderTitle(order)} – ${order.lab_test.name}`;

interface Outcome {
  order: Order;
  error: string | null;
}

/**
 * What can be done to the selected orders at once: export them, and cancel those whose
 * status still allows it (the contract's cancellation rule, which the Lab API enforces),
 * after a confirmation naming them; each order's outcome is reported.
 */
export function BulkActions(props: { selected: Order[]; canAct: boolean; onDone: () => void }) {
  const { selected, canAct } = props;
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const toCancel = selected.filter(cancellable);
  const kept = selected.filter((o) => !cancellable(o));

  async function cancelAll() {
    setBusy(true);
    const results: Outcome[] = [];
    // One at a time: a refusal of one order must not hide what happened to the others.
    for (const order of toCancel) {
      try {
        await cancelOrder(order.id);
        results.push({ order, error: null });
      } catch (error) {
        results.push({ order, error: describeError(error) });
      }
    }
    setBusy(false);
    setConfirming(false);
    setOutcomes(results);
    props.onDone();
    await queryClient.invalidateQueries({ queryKey: orderKeys.all });
  }

  const done = outcomes?.filter((o) => o.error === null).length ?? 0;

  return (
    <>
      {selected.length > 0 ? (
        <div className="bulk-actions" role="group" aria-label="Selected orders">
          <span className="bulk-actions__count">
            {plural(selected.length, 'order', 'orders')} selected
          </span>
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              downloadCsv(
                csvDocument(selected),
                `orders-selected-${new Date().toISOString().slice(0, 10)}.csv`,
              )
            }
          >
            Export selected (CSV)
          </button>
          {canAct ? (
            <button
              type="button"
              className="button button--danger"
              disabled={toCancel.length === 0}
              onClick={() => {
                setOutcomes(null);
                setConfirming(true);
              }}
            >
              Cancel selected ({formatCount(toCancel.length)})
            </button>
          ) : null}
          <button type="button" className="button button--secondary" onClick={props.onDone}>
            Clear selection
          </button>
        </div>
      ) : null}
      {canAct && confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            title={`Cancel ${plural(toCancel.length, 'order', 'orders')}?`}
            confirmLabel={`Yes, cancel ${plural(toCancel.length, 'order', 'orders')}`}
            cancelLabel="Keep them"
            busy={busy}
            onConfirm={() => void cancelAll()}
            onClose={() => {
              if (!busy) setConfirming(false);
            }}
          >
            <p>The lab will not process these orders:</p>
            <ul className="bulk-actions__list">
              {toCancel.map((order) => (
                <li key={order.id}>{describeOrder(order)}</li>
              ))}
            </ul>
            {kept.length > 0 ? (
              <>
                <p>
                  {plural(kept.length, 'selected order is', 'selected orders are')} past cancelling
                  and stay as they are:
                </p>
                <ul className="bulk-actions__list">
                  {kept.map((order) => (
                    <li key={order.id}>
                      {describeOrder(order)} ({describeStatus(order.last_event.status).text})
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </ConfirmDialog>
        </Suspense>
      ) : null}
      {outcomes ? (
        <section className="bulk-outcome" aria-label="Cancellation outcome">
          <p role="status">
            Cancelled {formatCount(done)} of {plural(outcomes.length, 'order', 'orders')}.
          </p>
          <ul>
            {outcomes.map(({ order, error }) => (
              <li key={order.id} className={error ? 'bulk-outcome--failed' : undefined}>
                {describeOrder(order)}: {error ? `not cancelled – ${error}` : 'cancelled'}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setOutcomes(null)}
          >
            Dismiss
          </button>
        </section>
      ) : null}
    </>
  );
}
