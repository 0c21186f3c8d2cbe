import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { OrdersQuery } from '../../contract';
import { contains } from './like';
import type { SandboxDatabase } from './schema';

type OrderEb = ExpressionBuilder<SandboxDatabase, 'lab_order'>;

export interface OrderScope {
  teamId: string;
  /** Today's date (UTC, YYYY-MM-DD): `activate_by` after it means a scheduled order. */
  today: string;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** The start of an order id, as the console prints it (its first 8 hex characters) or longer. */
const ID_START = /^[0-9a-f]{8}(-[0-9a-f]{0,4}){0,4}$/i;

/* Stored times are `Date#toISOString()` strings, so bounds are normalised the same way
   and compared as text. Date-only bounds follow the facts (§6): a start means 00:00:00,
   `end_date` means 23:59:59 (the whole second), and `updated_end_date` means 00:00:00. */
function startOf(value: string): string {
  return DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : new Date(value).toISOString();
}
function endOfDay(value: string): string {
  return DATE_ONLY.test(value) ? `${value}T23:59:59.999Z` : new Date(value).toISOString();
}

const fullName = sql<string>`coalesce(patient_first_name, '') || ' ' || coalesce(patient_last_name, '')`;

/** The WHERE clause of `GET /v3/orders` for one team. */
export function orderConditions(eb: OrderEb, q: OrdersQuery, scope: OrderScope) {
  const all: Expression<SqlBool>[] = [eb('team_id', '=', scope.teamId)];

  const search = q.search_input?.trim();
  if (search) {
    // One box for order id, user id, patient name, date of birth or shipping recipient;
    // this sandbox adds the sample id and the start of an order id (README, search_input).
    const any: Expression<SqlBool>[] = [
      eb('id', '=', search.toLowerCase()),
      eb('user_id', '=', search.toLowerCase()),
      contains(fullName, search),
      contains(eb.ref('shipping_recipient_name'), search),
      eb('sample_id', '=', search.toUpperCase()),
    ];
    if (DATE_ONLY.test(search)) any.push(eb('patient_dob', '=', search));
    if (ID_START.test(search)) any.push(eb('id', 'like', `${search.toLowerCase()}%`));
    all.push(eb.or(any));
  }
  if (q.start_date) all.push(eb('created_at', '>=', startOf(q.start_date)));
  if (q.end_date) all.push(eb('created_at', '<=', endOfDay(q.end_date)));
  if (q.updated_start_date) all.push(eb('updated_at', '>=', startOf(q.updated_start_date)));
  if (q.updated_end_date) all.push(eb('updated_at', '<=', startOf(q.updated_end_date)));
  if (q.status?.length) all.push(eb('low_level_status', 'in', q.status));
  if (q.order_type?.length) all.push(eb('method', 'in', q.order_type));
  if (q.is_critical !== undefined) all.push(eb('is_critical', '=', q.is_critical ? 1 : 0));
  if (q.interpretation === 'null') all.push(eb('interpretation', 'is', null));
  else if (q.interpretation) all.push(eb('interpretation', '=', q.interpretation));

  const activation = new Set(q.order_activation_types ?? []);
  if (activation.size === 1) {
    all.push(
      activation.has('scheduled')
        ? eb('activate_by', '>', scope.today)
        : eb.or([eb('activate_by', 'is', null), eb('activate_by', '<=', scope.today)]),
    );
  }
  if (q.user_id) all.push(eb('user_id', '=', q.user_id.toLowerCase()));
  if (q.patient_name?.trim()) all.push(contains(fullName, q.patient_name.trim()));
  if (q.shipping_recipient_name?.trim()) {
    all.push(contains(eb.ref('shipping_recipient_name'), q.shipping_recipient_name.trim()));
  }
  if (q.order_ids?.length)
    all.push(
      eb(
        'id',
        'in',
        q.order_ids.map((id) => id.toLowerCase()),
      ),
    );
  if (q.order_transaction_id) {
    all.push(eb('order_transaction_id', '=', q.order_transaction_id.toLowerCase()));
  }
  return eb.and(all);
}
