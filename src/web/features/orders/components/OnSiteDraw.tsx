import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DRAW_COMPLETABLE } from '../../../../contract/orderActions';
import type { Order } from '../../../../contract/order';
import { parseOrderStatus } from '../../../../contract/status';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { showToast } from '../../../shared/ui/toast';
import { markDrawCompleted } from '../api/orderActions';
import { explainDrawRefusal } from '../lib/orderActionErrors';
import { orderKeys } from '../../../shared/api/orders';

/**
 * On-site collection: the team's own staff drew the sample, and say so. Offered only
 * where the Lab API allows it (after the requisition, before the lab has the sample).
 */
export function OnSiteDraw({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const low = parseOrderStatus(order.last_event.status).lowLevel;
  const mutation = useMutation({
    mutationFn: () => markDrawCompleted(order.id),
    onSuccess: async () => {
      setOpen(false);
      showToast({ tone: 'success', title: 'Draw marked completed' });
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
  if (!(DRAW_COMPLETABLE as readonly string[]).includes(low)) return null;
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => {
          mutation.reset();
          setOpen(true);
        }}
      >
        Mark draw completed
      </button>
      <ConfirmDialog
        open={open}
        title="Mark the draw completed?"
        confirmLabel="Mark draw completed"
        cancelLabel="Not yet"
        busy={mutation.isPending}
        error={mutation.error ? explainDrawRefusal(mutation.error) : null}
        onConfirm={() => mutation.mutate()}
        onClose={() => setOpen(false)}
      >
        <p>
          The sample has been drawn on site and is on its way to the lab. The Lab API records it
          once; it cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
