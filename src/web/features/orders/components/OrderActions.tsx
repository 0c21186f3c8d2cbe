import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { canCancel } from '../../../../contract/cancellation';
import {
  INTERPRETATIONS,
  LOW_LEVEL_STATUSES_BY_METHOD,
  isKnown,
  COLLECTION_METHODS,
} from '../../../../contract/enums';
import type { Order } from '../../../../contract/order';
import { orderStatus, parseOrderStatus } from '../../../../contract/status';
import { describeError } from '../../../shared/api/client';
import { humanize } from '../../../shared/lib/format';
import { describeStatus } from '../../../shared/lib/labels';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { SelectField } from '../../../shared/ui/MultiSelect';
import { orderQueryOptions } from '../../../shared/api/orders';
import { cancelOrder, simulateOrder } from '../api/orderActions';
import { orderKeys } from '../../../shared/api/orders';

export const hasResults = (order: Order) =>
  order.events.some((e) => /\.(partial_results|completed|corrected)$/.test(e.status));

interface ActionsProps {
  order: Order;
  canAct: boolean;
  sandbox: boolean;
}

export function OrderActions({ order, canAct, sandbox }: ActionsProps) {
  const heading = useId();
  const low = parseOrderStatus(order.last_event.status).lowLevel;
  const cancellable = canAct && canCancel(order.details.type, low);
  return (
    <section aria-labelledby={heading} className="card actions">
      <h2 id={heading}>Actions</h2>
      <div className="actions__row">{cancellable ? <CancelOrder order={order} /> : null}</div>
      {canAct && !cancellable ? (
        <p className="muted">
          This order can no longer be cancelled ({describeStatus(order.last_event.status).text}).
        </p>
      ) : null}
      {canAct && sandbox ? <Simulate order={order} /> : null}
    </section>
  );
}

function CancelOrder({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => cancelOrder(order.id),
    onSuccess: async (answer) => {
      queryClient.setQueryData(['orders', 'detail', order.id], answer.order);
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
  return (
    <>
      <button
        type="button"
        className="button button--danger"
        onClick={() => {
          mutation.reset();
          setOpen(true);
        }}
      >
        Cancel order
      </button>
      <ConfirmDialog
        open={open}
        title="Cancel this order?"
        confirmLabel="Yes, cancel the order"
        busy={mutation.isPending}
        error={mutation.error ? `The Lab API refused: ${describeError(mutation.error)}` : null}
        onConfirm={() => mutation.mutate()}
        onClose={() => setOpen(false)}
      >
        <p>
          The lab will not process it. An at-home phlebotomy appointment is cancelled with it; less
          than 24 hours before the visit the fee is not refunded.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** Sandbox only: moves the order along its lifecycle (POST /v3/order/{id}/test). */
function Simulate({ order }: { order: Order }) {
  const id = useId();
  const queryClient = useQueryClient();
  const method = order.details.type;
  const statuses = isKnown(COLLECTION_METHODS, method)
    ? LOW_LEVEL_STATUSES_BY_METHOD[method].filter((s) => s !== 'ordered')
    : [];
  // With a delay the Lab API moves the order on by itself: re-read it until it gets there.
  const [target, setTarget] = useState<string | null>(null);
  const arrived =
    target === null ||
    order.last_event.status === target ||
    /^cancelled\./.test(order.last_event.status);
  useQuery({ ...orderQueryOptions(order.id), refetchInterval: 1000, enabled: !arrived });
  const mutation = useMutation({
    mutationFn: (input: {
      finalStatus: string;
      interpretation: string;
      missing: boolean;
      delay: number;
    }) =>
      simulateOrder(
        order.id,
        input.finalStatus,
        {
          interpretation: input.interpretation as (typeof INTERPRETATIONS)[number],
          has_missing_results: input.missing,
        },
        input.delay,
      ),
    onSuccess: async (_answer, input) => {
      setTarget(input.delay > 0 ? input.finalStatus : null);
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
  if (!isKnown(COLLECTION_METHODS, method)) return null;

  const submit = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    mutation.mutate({
      finalStatus: orderStatus(method, text('final_status') as (typeof statuses)[number]),
      interpretation: text('interpretation'),
      missing: data.get('missing') === 'on',
      delay: Math.max(0, Math.min(60, Number(text('delay')) || 0)),
    });
  };

  return (
    <form
      className="simulate"
      onSubmit={(event) => {
        event.preventDefault();
        submit(event.currentTarget);
      }}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>Simulate lifecycle (sandbox)</h3>
      <div className="field">
        <SelectField
          label="Final status"
          name="final_status"
          defaultValue="completed"
          options={statuses.map((s) => ({ id: s, label: humanize(s) }))}
        />
      </div>
      <div className="field">
        <SelectField
          label="Interpretation"
          name="interpretation"
          defaultValue="normal"
          options={INTERPRETATIONS.filter((i) => i !== 'unknown').map((i) => ({
            id: i,
            label: humanize(i),
          }))}
        />
      </div>
      <p className="field">
        <label htmlFor={`${id}-delay`}>Seconds between steps</label>
        <input id={`${id}-delay`} name="delay" type="number" min={0} max={60} defaultValue={0} />
      </p>
      <p className="choice">
        <input id={`${id}-missing`} name="missing" type="checkbox" />
        <label htmlFor={`${id}-missing`}>Leave some results missing</label>
      </p>
      <button type="submit" className="button" disabled={mutation.isPending}>
        {mutation.isPending ? 'Simulating …' : 'Simulate'}
      </button>
      <span role="status">
        {mutation.isSuccess
          ? arrived
            ? ' The order has moved on.'
            : ' The order is moving on; this page follows it.'
          : ''}
      </span>
      {mutation.error ? (
        <p role="alert">The Lab API refused: {describeError(mutation.error)}</p>
      ) : null}
    </form>
  );
}
