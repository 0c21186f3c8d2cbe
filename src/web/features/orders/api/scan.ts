import { ordersPageSchema, type Order } from '../../../../contract/order';
import { apiGet } from '../../../shared/api/client';
import { PAGE_SIZE, type OrdersSearch } from '../lib/ordersSearch';
import { ordersPagePath } from './ordersList';

export interface ScanProgress {
  pagesDone: number;
  pages: number;
  total: number;
}

/**
 * Reads every page of a view, in order, calling `onPage` after each. GET /v3/orders has
 * page numbers only, so the walk is sequential; a caller stops it with the signal.
 */
export async function scanOrders(
  search: OrdersSearch,
  onPage: (orders: Order[], progress: ScanProgress) => boolean | undefined,
  signal: AbortSignal,
): Promise<void> {
  for (let page = 1; ; page++) {
    const answer = await apiGet(ordersPagePath(search, page, PAGE_SIZE), ordersPageSchema, signal);
    const total = answer.total ?? (page - 1) * PAGE_SIZE + answer.orders.length;
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    const stop = onPage(answer.orders, { pagesDone: page, pages, total });
    if (stop || answer.orders.length < PAGE_SIZE || page >= pages) return;
  }
}
