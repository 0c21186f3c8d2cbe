import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { ordersPageSchema } from '../../../contract/order';
import { RESULT_STATUSES } from '../../../contract/resultsInbox';
import { apiGet, labPath } from './client';
import { orderKeys, orderResultsQueryOptions } from './orders';
import { markerSeries, type MarkerSeries } from '../lib/resultSeries';

/** The patient's orders read for trends: the latest ones, enough for a readable chart. */
export const HISTORY_ORDERS = 20;

const patientResultOrdersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: orderKeys.withResultsOfPatient(userId),
    enabled: userId !== '',
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        user_id: userId,
        size: String(HISTORY_ORDERS),
        order_key: 'created_at',
        order_direction: 'desc',
      });
      for (const status of RESULT_STATUSES) params.append('status', status);
      return apiGet(`${labPath('/v3/orders')}?${params.toString()}`, ordersPageSchema, signal);
    },
  });

export interface PatientHistory {
  series: MarkerSeries[];
  isPending: boolean;
  error: unknown;
}

/** Each marker's values across the patient's orders with results, oldest first. */
export function usePatientHistory(userId: string): PatientHistory {
  const orders = useQuery(patientResultOrdersQueryOptions(userId));
  const list = orders.data?.orders ?? [];
  const results = useQueries({
    queries: list.map((order) => orderResultsQueryOptions(order.id)),
  });
  const pending = orders.isPending || results.some((r) => r.isPending);
  const error = orders.error ?? results.find((r) => r.error)?.error ?? null;
  const reports = list.flatMap((order, index) => {
    const data = results[index]?.data;
    return data ? [{ order, results: data }] : [];
  });
  return { series: pending ? [] : markerSeries(reports), isPending: pending, error };
}
