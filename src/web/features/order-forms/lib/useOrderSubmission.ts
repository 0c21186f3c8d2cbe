import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { showToast } from '../../../shared/ui/toast';
import { SubmissionKeys, isRetryable } from './submissionKeys';
import type { Order } from '../../../../contract/order';
import { refreshAfterOrderPlaced } from './orderPlaced';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Set when an order form opens the order it has just placed. */
    orderPlaced?: boolean;
  }
}

/**
 * The submission every order form shares: one idempotency key per attempt (reused
 * when a retry may still find the first order), then, on success, the orders list is
 * refreshed and the new order opened. A failure is re-thrown for the form to explain.
 */
export function useOrderSubmission<Request>(
  send: (request: Request, idempotencyKey: string) => Promise<{ order: Order }>,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [keys] = useState(() => new SubmissionKeys());
  const [done, setDone] = useState(false);

  const submit = async (request: Request) => {
    const key = keys.keyFor(JSON.stringify(request));
    try {
      const answer = await send(request, key);
      keys.settle();
      setDone(true);
      await refreshAfterOrderPlaced(queryClient, answer.order);
      // Said wherever the person is when it lands; the order page also confirms it in place.
      showToast({
        tone: 'success',
        title: 'Order placed',
        description: `Order ${answer.order.id.slice(0, 8)} went to the lab.`,
      });
      await navigate({
        to: '/orders/$orderId',
        params: { orderId: answer.order.id },
        // The order page confirms the order it opens; a link to it from elsewhere does not.
        state: (previous) => ({ ...previous, orderPlaced: true }),
        ignoreBlocker: true,
      });
    } catch (error) {
      if (!isRetryable(error)) keys.settle();
      throw error;
    }
  };

  return { submit, done };
}
