import { zodResolver } from '@hookform/resolvers/zod';
import { get, set, type Resolver } from 'react-hook-form';
import { aoeIssues } from '../../../../contract/aoe';
import type { LabAccount } from '../../../../contract/labAccount';
import type { LabTest, Marker } from '../../../../contract/labTest';
import {
  createOrderRequestSchemaFor,
  orderCrossChecks,
  resolveLabAccount,
  type CreateOrderRequest,
  type CreateOrderRequestInput,
} from '../../../../contract/orderRequest';

/*
 * The order form's validation. The request schema is built when the form first validates:
 * building it is long work on a slow phone, which the form's first screen does not need.
 */

export interface OrderLists {
  accounts: readonly LabAccount[];
  labTests: readonly LabTest[];
  /** The chosen lab's add-on markers, as far as the marker choices loaded them. */
  labMarkers: readonly Marker[];
}

let built: { today: string; schema: ReturnType<typeof createOrderRequestSchemaFor> } | undefined;

/** The request schema judged against `today`, built once per day. */
function schemaOn(today: string) {
  if (built?.today !== today) built = { today, schema: createOrderRequestSchemaFor(today) };
  return built.schema;
}

/** Rules that need the chosen account, tests and markers: the same functions the API runs. */
function crossIssues(values: CreateOrderRequestInput, lists: OrderLists) {
  const testIds = values.order_set?.lab_test_ids ?? [];
  const tests = lists.labTests.filter((t) => testIds.includes(t.id));
  const resolved = resolveLabAccount(
    values.order_set?.lab_account_id ?? values.lab_account_id,
    lists.accounts,
  );
  const markerIds = values.order_set?.add_on?.marker_ids ?? [];
  const allMarkers = [...lists.labMarkers, ...lists.labTests.flatMap((t) => t.markers ?? [])];
  const markers =
    markerIds.length > 0
      ? markerIds.flatMap((id) => allMarkers.find((m) => m.id === id) ?? [])
      : tests.flatMap((t) => t.markers ?? []);
  return [
    ...(resolved.issue ? [resolved.issue] : []),
    ...orderCrossChecks(values, {
      labAccount: resolved.account,
      labTests: tests.map((t) => ({
        id: t.id,
        method: t.method,
        lab: t.lab ? { slug: t.lab.slug } : null,
      })),
    }),
    ...aoeIssues(markers, values.aoe_answers),
  ];
}

/** The schema's rules, then those that need the lists, shown alike next to their fields. */
export function orderResolver(
  today: string,
  lists: OrderLists,
): Resolver<CreateOrderRequestInput, unknown, CreateOrderRequest> {
  return async (values, context, options) => {
    const result = await zodResolver(schemaOn(today))(values, context, options);
    const issues = crossIssues(values, lists);
    if (issues.length === 0) return result;
    const errors = { ...result.errors };
    for (const issue of issues) {
      const path = issue.path.join('.');
      if (!get(errors, path)) set(errors, path, { type: 'cross', message: issue.message });
    }
    return { values: {}, errors };
  };
}
