import { COLLECTION_METHODS, type CollectionMethod } from '../../contract';
import type { OrderDocument, OrderRecord, ShippingDocument } from '../store/orderDocument';
import { DEMO_TEAM_ID, LAB_TESTS, type SeedLabTest } from './catalog';
import {
  REDRAW_CHILD,
  REDRAW_INITIAL,
  SCENARIOS_BY_METHOD,
  UNKNOWN_STATUS_SCENARIOS,
  UNREGISTERED,
  type Scenario,
} from './lifecycles';
import { PATIENTS, type SeedPatient } from './patients';
import { createRandom, uuidFrom, type Random } from './random';

/*
 * About two hundred orders: every scenario of every method once, then weighted draws
 * up to ORDERS_PER_METHOD each, plus the special cases the console must handle (a
 * redraw, unregistered kits, scheduled orders, statuses it has never seen).
 * Everything but the times comes from the seeded generator; times are laid out
 * backwards from `now` so that "overdue" and "scheduled" mean something today.
 */

const ORDERS_PER_METHOD = 46;
const DAY = 86_400_000;
const SEED = 20_260_101;

export interface SeedTransaction {
  id: string;
  team_id: string;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface SeedOrders {
  orders: OrderRecord[];
  transactions: SeedTransaction[];
}

interface Plan {
  scenario: Scenario;
  /** Set for scheduled orders: days after today when processing starts. */
  activateInDays?: number;
  redraw?: 'initial' | 'child';
}

const FINISHED = new Set(['completed', 'corrected', 'cancelled', 'do_not_process']);
const FAILED = new Set([
  'failure_to_deliver_to_customer',
  'failure_to_deliver_to_lab',
  'sample_error',
  'lost',
]);
const PHYSICIANS = [
  { first_name: 'Helena', last_name: 'Marsh', npi: '1234567893' },
  { first_name: 'Tobias', last_name: 'Renwick', npi: '1679576722' },
];
const COURIERS = {
  usps: (n: string) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  fedex: (n: string) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  ups: (n: string) => `https://www.ups.com/track?tracknum=${n}`,
} as const;
type Courier = keyof typeof COURIERS;
const PHLEBOTOMY_ZIPS = new Set(['85004', '54650']);

function planOrders(random: Random): Plan[] {
  const plans: Plan[] = [];
  for (const method of COLLECTION_METHODS) {
    const scenarios = SCENARIOS_BY_METHOD[method];
    for (const scenario of scenarios) plans.push({ scenario });
    const totalWeight = scenarios.reduce((sum, s) => sum + s.weight, 0);
    for (let i = scenarios.length; i < ORDERS_PER_METHOD; i++) {
      let roll = random.next() * totalWeight;
      const scenario = scenarios.find((s) => (roll -= s.weight) < 0) ?? scenarios[0];
      if (scenario) plans.push({ scenario });
    }
    const ordered = scenarios[0];
    if (ordered) plans.push({ scenario: ordered, activateInDays: random.int(3, 30) });
  }
  for (const scenario of UNKNOWN_STATUS_SCENARIOS) plans.push({ scenario });
  plans.push({ scenario: UNREGISTERED }, { scenario: UNREGISTERED });
  plans.push({ scenario: REDRAW_INITIAL, redraw: 'initial' });
  plans.push({ scenario: REDRAW_CHILD, redraw: 'child' });
  return plans;
}

const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();
const dateOnly = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function labTestFor(method: CollectionMethod): SeedLabTest {
  const test = LAB_TESTS.find((t) => t.method === method);
  if (!test) throw new Error(`no starter lab test for ${method}`);
  return test;
}

/** Event times: the first at creation, the rest spread over `span`, strictly increasing. */
function eventTimes(random: Random, createdMs: number, count: number, spanMs: number): number[] {
  const cuts = Array.from({ length: count - 1 }, () => random.next()).sort((a, b) => a - b);
  const times = [createdMs, ...cuts.map((c) => createdMs + Math.round(c * spanMs))];
  for (let i = 1; i < times.length; i++) {
    const previous = times[i - 1] ?? createdMs;
    if ((times[i] ?? 0) <= previous + 60_000)
      times[i] = previous + 60_000 + random.int(0, 3_600_000);
  }
  return times;
}

function shippingFor(patient: SeedPatient): ShippingDocument {
  return {
    receiver_name: `${patient.first_name} ${patient.last_name}`,
    first_line: patient.address.first_line,
    second_line: patient.address.second_line,
    city: patient.address.city,
    state: patient.address.state,
    zip: patient.address.zip,
    country: patient.address.country,
    phone_number: patient.phone_number,
  };
}

function buildOrder(
  random: Random,
  plan: Plan,
  index: number,
  nowMs: number,
  parent: OrderRecord | undefined,
): OrderRecord {
  const { scenario } = plan;
  const method = scenario.method;
  const lows = scenario.steps.map((s) => s.low);
  const last = lows.at(-1) ?? 'ordered';
  const test = labTestFor(method);
  const id = uuidFrom(`order:${index}`);

  const candidates =
    method === 'at_home_phlebotomy'
      ? PATIENTS.filter((p) => PHLEBOTOMY_ZIPS.has(p.address.zip))
      : PATIENTS;
  const patient =
    parent && plan.redraw === 'child'
      ? (PATIENTS.find((p) => p.id === parent.document.user_id) ?? random.pick(candidates))
      : random.pick(candidates);

  // Finished orders happened any time in the last five months; open ones more recently,
  // roughly in step with how far they have got, and one in six has stalled (overdue).
  const finished = FINISHED.has(last) || FAILED.has(last) || last === 'redraw_available';
  const stepDays = random.int(18, 40) / 24;
  let ageMs: number;
  if (plan.activateInDays !== undefined) ageMs = random.int(1, 6) * DAY;
  else if (plan.redraw === 'child' && parent) {
    ageMs = nowMs - Date.parse(parent.document.updated_at) - random.int(2, 12) * 3_600_000;
  } else if (finished) ageMs = random.int(6, 150) * DAY;
  else ageMs = (lows.length * stepDays + random.next() * 2) * DAY;
  if (
    !finished &&
    plan.redraw === undefined &&
    plan.activateInDays === undefined &&
    random.chance(1 / 6)
  ) {
    ageMs += random.int(15, 40) * DAY;
  }
  const createdMs = nowMs - ageMs;
  const spanMs = Math.min(ageMs - 3_600_000, lows.length * stepDays * DAY);
  const times = eventTimes(random, createdMs, lows.length, spanMs);
  const at = (low: string) => {
    const i = lows.indexOf(low);
    const t = times[i];
    return i < 0 || t === undefined ? null : iso(t);
  };
  const updatedMs = times.at(-1) ?? createdMs;

  const registrable = scenario.registrable === true;
  const registered = !registrable || lows.includes('registered');
  const reached = (low: string) => lows.includes(low);
  const requisitioned =
    reached('requisition_created') || reached('requisition_bypassed') || reached('registered');

  let details: OrderDocument['details'];
  const detailsBase = {
    id: uuidFrom(`details:${index}`),
    created_at: iso(createdMs),
    updated_at: iso(updatedMs),
  };
  if (method === 'testkit') {
    const shippedAt = at('transit_customer');
    let shipment: Record<string, unknown> | null = null;
    if (shippedAt) {
      const outbound = random.pick(Object.keys(COURIERS) as Courier[]);
      const inbound = random.pick(Object.keys(COURIERS) as Courier[]);
      const outboundNumber = random.digits(outbound === 'usps' ? 22 : 12);
      const returning = reached('transit_lab');
      const inboundNumber = returning ? random.digits(inbound === 'usps' ? 22 : 12) : null;
      shipment = {
        id: uuidFrom(`shipment:${index}`),
        outbound_tracking_number: outboundNumber,
        outbound_tracking_url: COURIERS[outbound](outboundNumber),
        inbound_tracking_number: inboundNumber,
        inbound_tracking_url: inboundNumber ? COURIERS[inbound](inboundNumber) : null,
        outbound_courier: outbound,
        inbound_courier: returning ? inbound : null,
        notes: null,
        created_at: shippedAt,
        updated_at: iso(updatedMs),
      };
    }
    details = { type: 'testkit', data: { ...detailsBase, shipment } };
  } else if (method === 'on_site_collection') {
    details = { type: method, data: detailsBase };
  } else {
    const booked = reached('appointment_scheduled');
    details = {
      type: method,
      data: { ...detailsBase, appointment_id: booked ? uuidFrom(`appointment:${index}`) : null },
    };
  }

  const completed = last === 'completed' || last === 'corrected';
  // Critical values are rare (a few in a hundred completed orders); otherwise the
  // patient's own values decide between normal and abnormal (seed/results.ts).
  const interpretationRoll = random.next();
  const interpretation = completed ? (interpretationRoll < 0.92 ? 'natural' : 'critical') : null;
  const activateMs = plan.activateInDays === undefined ? null : nowMs + plan.activateInDays * DAY;
  const clockStartMs = activateMs ?? createdMs;
  // Delegated (Labcorp) orders must name the ordering physician; others sometimes do.
  const physician = test.lab_id === 2 || random.chance(0.3) ? random.pick(PHYSICIANS) : null;

  const document: OrderDocument = {
    id,
    user_id: patient.id,
    team_id: DEMO_TEAM_ID,
    patient_details: registered
      ? {
          first_name: patient.first_name,
          last_name: patient.last_name,
          dob: `${patient.dob}T00:00:00+00:00`,
          gender: patient.gender,
          phone_number: patient.phone_number,
          email: patient.email,
          ...(patient.medical_proxy ? { medical_proxy: patient.medical_proxy } : {}),
        }
      : null,
    patient_address: registered
      ? {
          receiver_name: `${patient.first_name} ${patient.last_name}`,
          ...patient.address,
          access_notes:
            method === 'at_home_phlebotomy' ? 'Ring the side door; dog is friendly.' : null,
          phone_number: patient.phone_number,
        }
      : null,
    details,
    sample_id: requisitioned || reached('draw_completed') ? `SMP${random.digits(9)}` : null,
    notes: random.chance(0.15) ? 'Patient prefers morning contact.' : null,
    clinical_notes: random.chance(0.2) ? 'Follow-up for abnormal results last quarter.' : null,
    created_at: iso(createdMs),
    updated_at: iso(updatedMs),
    physician,
    health_insurance_id: null,
    requisition_form_url: requisitioned
      ? `https://files.example.test/requisitions/${id}.pdf?signature=demo`
      : null,
    priority: random.chance(0.1),
    shipping_details: registrable ? shippingFor(patient) : null,
    activate_by: activateMs === null ? null : dateOnly(activateMs),
    passthrough: null,
    billing_type: random.chance(0.8)
      ? 'client_bill'
      : random.pick(['commercial_insurance', 'patient_bill']),
    icd_codes: random.chance(0.5) ? [random.pick(['Z00.00', 'E11.9', 'E78.5', 'R53.83'])] : null,
    has_abn: random.chance(0.05),
    interpretation,
    has_missing_results: completed
      ? random.chance(0.15)
      : last === 'redraw_available'
        ? true
        : null,
    expected_result_by_date: dateOnly(clockStartMs + test.common_tat_days * DAY),
    worst_case_result_by_date: dateOnly(clockStartMs + test.worst_case_tat_days * DAY),
    origin: plan.redraw === 'child' ? 'redraw' : 'initial',
    parent_id: plan.redraw === 'child' && parent ? parent.document.id : null,
  };

  return {
    document,
    labTestId: test.id,
    method,
    orderTransactionId:
      plan.redraw === 'child' && parent
        ? parent.orderTransactionId
        : uuidFrom(`transaction:${index}`),
    events: scenario.steps.map((step, i) => ({
      created_at: iso(times[i] ?? createdMs),
      status: step.status,
      status_detail: step.status_detail ?? null,
    })),
  };
}

function transactionStatus(members: OrderRecord[]): string {
  const lasts = members.map((m) => m.events.at(-1)?.status.split('.').slice(2).join('.') ?? '');
  if (lasts.every((l) => l === 'cancelled' || l === 'do_not_process')) return 'cancelled';
  const newest = members.at(-1);
  const newestLow = newest?.events.at(-1)?.status.split('.').slice(2).join('.') ?? '';
  return FINISHED.has(newestLow) || FAILED.has(newestLow) ? 'completed' : 'active';
}

export function buildSeedOrders(now: Date): SeedOrders {
  const random = createRandom(SEED);
  const nowMs = now.getTime();
  const orders: OrderRecord[] = [];
  let redrawParent: OrderRecord | undefined;
  planOrders(random).forEach((plan, index) => {
    const order = buildOrder(random, plan, index, nowMs, redrawParent);
    if (plan.redraw === 'initial') redrawParent = order;
    orders.push(order);
  });

  const byTransaction = new Map<string, OrderRecord[]>();
  for (const order of orders) {
    const key = order.orderTransactionId ?? '';
    byTransaction.set(key, [...(byTransaction.get(key) ?? []), order]);
  }
  const transactions = [...byTransaction.entries()].map(([id, members]) => ({
    id,
    team_id: DEMO_TEAM_ID,
    status: transactionStatus(members),
    created_at: members[0]?.document.created_at ?? iso(nowMs),
    updated_at: members.at(-1)?.document.updated_at ?? iso(nowMs),
  }));

  // Oldest first, so event ids ascend with time across the whole store too.
  orders.sort(
    (a, b) =>
      a.document.created_at.localeCompare(b.document.created_at) ||
      a.document.id.localeCompare(b.document.id),
  );
  return { orders, transactions };
}
