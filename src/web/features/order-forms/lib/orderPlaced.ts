import type { QueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../contract/order';
import { noteOwnChange } from '../../../app/live/lib/ownChanges';
import { orderKeys } from '../../../shared/api/orders';

/**
 * After an order form placed (or imported) an order: every orders list is refreshed now,
 * so the person who placed it sees it at once, and the live event announcing the same new
 * order is noted as already seen, so it does not fetch the lists a second time.
 */
export async function refreshAfterOrderPlaced(
  queryClient: QueryClient,
  order: Pick<Order, 'id' | 'last_event'>,
): Promise<void> {
  noteOwnChange({ kind: 'order', recordId: order.id, status: order.last_event.status });
  await queryClient.invalidateQueries({ queryKey: orderKeys.all });
}
