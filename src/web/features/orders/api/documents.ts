import { queryOptions } from '@tanstack/react-query';
import { ORDER_DOCUMENT_PATHS, type OrderDocumentKind } from '../../../../contract/orderDocuments';
import { orderTransactionResponseSchema } from '../../../../contract/orderDocuments';
import { labResultsRawSchema } from '../../../../contract/results';
import { apiGet, labPath } from '../../../shared/api/client';
import { orderKeys } from '../../../shared/api/orders';

/** The BFF path of one of an order's documents (labels take their query separately). */
export const orderDocumentPath = (orderId: string, kind: OrderDocumentKind) =>
  labPath(`/v3/order/${encodeURIComponent(orderId)}${ORDER_DOCUMENT_PATHS[kind]}`);

export function labelsPath(orderId: string, count: number, collectedAt: Date) {
  const query = new URLSearchParams({
    number_of_labels: String(count),
    collection_date: collectedAt.toISOString(),
  });
  return `${orderDocumentPath(orderId, 'labels')}?${query.toString()}`;
}

const transactionPath = (id: string, rest = '') =>
  labPath(`/v3/order_transaction/${encodeURIComponent(id)}${rest}`);

export const transactionResultPdfPath = (id: string) => transactionPath(id, '/result/pdf');

export const orderTransactionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.transaction(id),
    queryFn: ({ signal }) => apiGet(transactionPath(id), orderTransactionResponseSchema, signal),
  });

export const transactionResultsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.transactionResults(id),
    queryFn: ({ signal }) => apiGet(transactionPath(id, '/result'), labResultsRawSchema, signal),
  });
