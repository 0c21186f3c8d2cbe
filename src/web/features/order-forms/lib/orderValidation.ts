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
import { checkIcdCodes } from '../api/icdCodes';
import { icdProblems } from './icdProblems';

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

/** The fields that carry ICD-10 codes, each judged against the code set on its own. */
const ICD_FIELDS = ['icd_codes', 'health_insurance.diagnosis_codes'] as const;

/**
 * Codes of the right shape that the code set refuses (unknown, a category, an excluded
 * pair): one message per field naming the codes. When the check cannot be reached the lab
 * still judges the codes on submit, so the form does not hold the order back for it.
 */
async function icdIssues(values: CreateOrderRequestInput, errors: object) {
  const issues: { path: string; message: string }[] = [];
  for (const path of ICD_FIELDS) {
    const codes: unknown = get(values, path);
    if (!Array.isArray(codes) || codes.length === 0 || get(errors, path)) continue;
    const answer = await checkIcdCodes(codes.map(String)).catch(() => null);
    const blocking = answer ? icdProblems(answer).blocking : [];
    if (blocking.length > 0) issues.push({ path, message: blocking.join('. ') });
  }
  return issues;
}

/** The schema's rules, then those that need the lists, shown alike next to their fields. */
export function orderResolver(
  today: string,
  lists: OrderLists,
): Resolver<CreateOrderRequestInput, unknown, CreateOrderRequest> {
  return async (values, context, options) => {
    const result = await zodResolver(schemaOn(today))(values, context, options);
    const issues = [
      ...crossIssues(values, lists).map((i) => ({ path: i.path.join('.'), message: i.message })),
      ...(await icdIssues(values, result.errors)),
    ];
    if (issues.length === 0) return result;
    const errors = { ...result.errors };
    for (const { path, message } of issues) {
      if (!get(errors, path)) set(errors, path, { type: 'cross', message });
    }
    return { values: {}, errors };
  };
}
