import * as v from 'valibot';
import {
  COLLECTION_METHODS,
  INTERPRETATIONS,
  LOW_LEVEL_STATUSES,
  ORDER_ACTIVATION_TYPES,
} from '../../../../contract/enums';
import { ORDER_SORT_KEYS } from '../../../../contract/ordersSort';
import type { SavedViewSearch } from '../../../../contract/savedViews';
import { isoDay, lenient, listOf, pageNumber, text } from '../../../shared/lib/searchParams';

/*
 * The orders list's view, as it lives in the address bar: every filter of the real
 * GET /v3/orders plus a worklist. Bad values fall back to "no filter" instead of
 * failing the page, so an old or hand-edited link still opens.
 */

export const WORKLISTS = ['overdue', 'critical', 'attention'] as const;
export type Worklist = (typeof WORKLISTS)[number];

export const ordersSearchSchema = v.object({
  q: lenient(text(200)),
  status: lenient(listOf(v.picklist(LOW_LEVEL_STATUSES))),
  method: lenient(listOf(v.picklist(COLLECTION_METHODS))),
  /** `none`: orders without an interpretation yet. */
  interpretation: lenient(v.picklist([...INTERPRETATIONS, 'none'])),
  critical: lenient(v.boolean()),
  created_from: lenient(isoDay),
  created_to: lenient(isoDay),
  updated_from: lenient(isoDay),
  updated_to: lenient(isoDay),
  activation: lenient(v.picklist(ORDER_ACTIVATION_TYPES)),
  patient: lenient(text(200)),
  sort: lenient(v.picklist(ORDER_SORT_KEYS)),
  dir: lenient(v.picklist(['asc', 'desc'])),
  page: lenient(pageNumber),
  worklist: lenient(v.picklist(WORKLISTS)),
});
export type OrdersSearch = v.InferOutput<typeof ordersSearchSchema>;

/** Needs attention (docs/lab-api-facts.md §14): failures, problems in transit, blocked processing, redraws. */
export const ATTENTION_STATUSES = [
  'failure_to_deliver_to_customer',
  'failure_to_deliver_to_lab',
  'lost',
  'sample_error',
  'problem_in_transit_customer',
  'problem_in_transit_lab',
  'lab_processing_blocked',
  'redraw_available',
] as const;

/** Not done: still waiting for results (the overdue worklist scans these). */
export const OPEN_STATUSES = LOW_LEVEL_STATUSES.filter(
  (s) =>
    ![
      'completed',
      'corrected',
      'cancelled',
      'do_not_process',
      'failure_to_deliver_to_customer',
      'failure_to_deliver_to_lab',
      'lost',
      'sample_error',
    ].includes(s),
);

/** Rows per page on screen (the API's default) and per request when reading a whole view. */
export const LIST_PAGE_SIZE = 50;
export const PAGE_SIZE = 100;

/** The GET /v3/orders query for a view (without page and size). */
export function toLabQuery(search: OrdersSearch): [string, string][] {
  const params: [string, string][] = [];
  const add = (key: string, value: string | undefined) => {
    if (value !== undefined && value !== '') params.push([key, value]);
  };
  let statuses: readonly string[] | undefined = search.status;
  if (search.worklist === 'attention') statuses = ATTENTION_STATUSES;
  if (search.worklist === 'overdue') statuses = OPEN_STATUSES;
  add('search_input', search.q);
  for (const s of statuses ?? []) add('status', s);
  for (const m of search.method ?? []) add('order_type', m);
  add('interpretation', search.interpretation === 'none' ? 'null' : search.interpretation);
  const critical = search.worklist === 'critical' ? true : search.critical;
  if (critical !== undefined) add('is_critical', String(critical));
  add('start_date', search.created_from);
  add('end_date', search.created_to);
  add('updated_start_date', search.updated_from);
  add('updated_end_date', search.updated_to);
  add('order_activation_types', search.activation);
  add('patient_name', search.patient);
  // Overdue orders are the oldest open ones: scan from the oldest.
  add('order_key', search.worklist === 'overdue' ? 'created_at' : search.sort);
  add('order_direction', search.worklist === 'overdue' ? 'asc' : search.dir);
  return params;
}

export interface OverdueInput {
  expected_result_by_date?: string | null | undefined;
  worst_case_result_by_date?: string | null | undefined;
}

/** `late` past the expected date; `very-late` past the worst case too. Dates are days. */
export function overdueLevel(order: OverdueInput, today: string): 'late' | 'very-late' | null {
  const worst = order.worst_case_result_by_date?.slice(0, 10);
  const expected = order.expected_result_by_date?.slice(0, 10);
  if (worst && worst < today) return 'very-late';
  if (expected && expected < today) return 'late';
  return null;
}

/** The columns the Lab API sorts by, as the table names them, and back. */
const SORT_COLUMNS = {
  created: 'created_at',
  patient: 'patient_name',
  status: 'last_status',
} as const;
export type SortColumn = keyof typeof SORT_COLUMNS;

/** The table's sort as the view says it: newest first unless told otherwise (the API's default). */
export function sortOf(search: OrdersSearch): { column: SortColumn; descending: boolean } {
  const key = search.sort ?? 'created_at';
  const column =
    (Object.keys(SORT_COLUMNS) as SortColumn[]).find((c) => SORT_COLUMNS[c] === key) ?? 'created';
  return { column, descending: search.dir !== 'asc' };
}

/** A view sorted anew, back on its first page; defaults are left out of the address. */
export function withSort(
  search: OrdersSearch,
  sort: { column: string; descending: boolean },
): OrdersSearch {
  const key = SORT_COLUMNS[sort.column as SortColumn] as
    (typeof SORT_COLUMNS)[SortColumn] | undefined;
  return {
    ...search,
    sort: key === undefined || key === 'created_at' ? undefined : key,
    dir: sort.descending ? undefined : 'asc',
    page: undefined,
  };
}

/**
 * What a saved view keeps of a view: the filters, worklist and sort, never the free-text
 * search or the patient-name filter (they may hold a patient's name), nor the page.
 */
const SAVED_KEYS = [
  'status',
  'method',
  'interpretation',
  'critical',
  'created_from',
  'created_to',
  'updated_from',
  'updated_to',
  'activation',
  'sort',
  'dir',
  'worklist',
] as const satisfies readonly (keyof SavedViewSearch & keyof OrdersSearch)[];

export function toSavedSearch(search: OrdersSearch): SavedViewSearch {
  const kept: Record<string, unknown> = {};
  for (const key of SAVED_KEYS) {
    const value: unknown = search[key];
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) kept[key] = value;
  }
  return kept;
}

/** How many filters beyond the worklist a view applies (the phone's "Filters (n)"). */
export function activeFilterCount(search: OrdersSearch): number {
  const keys: (keyof OrdersSearch)[] = [
    'status',
    'method',
    'interpretation',
    'critical',
    'activation',
    'patient',
  ];
  let count = keys.filter((k) => {
    const v = search[k];
    return v !== undefined && !(Array.isArray(v) && v.length === 0);
  }).length;
  if (search.created_from || search.created_to) count++;
  if (search.updated_from || search.updated_to) count++;
  return count;
}
