import type { ResultTarget } from '../lifecycle/results';
import { generateResults, reportedSlugs } from '../lifecycle/results';
import type { SandboxDb } from '../store/database';
import type { OrderRecord } from '../store/orderDocument';
import { LAB_TESTS, LABS, MARKERS } from './catalog';
import { storyOf } from './stories';

const RESULT_STEP = /\.(partial_results|completed|corrected)$/;
const FINAL_STEP = /\.(completed|corrected)$/;
const MIN_TURNAROUND = 3 * 3_600_000;

export interface SeedResult {
  order_id: string;
  created_at: string;
  document: string;
}

const markersOf = (order: OrderRecord) => {
  const test = LAB_TESTS.find((t) => t.id === order.labTestId);
  return (test?.marker_ids ?? []).flatMap((id) => MARKERS.filter((m) => m.id === id));
};

/**
 * The order that carries each patient story's acute value: the patient's latest order with
 * final results that reports the analyte. Criticals in the seed come only from here.
 */
function acuteOrders(orders: OrderRecord[]): Map<string, { slug: string; value: number }> {
  const chosen = new Map<string, { slug: string; value: number }>();
  const latest = new Map<string, OrderRecord>();
  for (const order of orders) {
    const acute = storyOf(order.document.user_id)?.acute;
    if (!acute || !order.events.some((e) => FINAL_STEP.test(e.status))) continue;
    if (!reportedSlugs(markersOf(order)).includes(acute.slug)) continue;
    const key = order.document.user_id;
    const before = latest.get(key);
    if (
      !before ||
      (before.events.at(-1)?.created_at ?? '') < (order.events.at(-1)?.created_at ?? '')
    )
      latest.set(key, order);
  }
  for (const [userId, order] of latest) {
    const acute = storyOf(userId)?.acute;
    if (acute) chosen.set(order.document.id, { slug: acute.slug, value: acute.value });
  }
  return chosen;
}

const between = (from: string, to: string, share: number) =>
  new Date(
    Math.floor((Date.parse(from) + (Date.parse(to) - Date.parse(from)) * share) / 1000) * 1000,
  ).toISOString();

/**
 * When the sample was taken and reached the lab, from the order's history: a phlebotomist's or
 * the team's own draw is the collection; a walk-in patient is drawn at the booked visit, after
 * booking and before results; a kit is used at home shortly before it is posted back, and
 * received when it is delivered to the lab. Always before the first result.
 */
export function collectionTimes(order: OrderRecord): { collectedAt: string; receivedAt: string } {
  const events = order.events;
  const firstResult = events.findIndex((e) => RESULT_STEP.test(e.status));
  const reportedAt = events[firstResult]?.created_at ?? events.at(-1)?.created_at ?? '';
  const before = events.slice(0, Math.max(firstResult, 1));
  const find = (low: string) => before.find((e) => e.status.endsWith(`.${low}`))?.created_at;
  const previous = before.at(-1)?.created_at ?? reportedAt;
  const drawn = find('draw_completed');
  const posted = find('transit_lab');
  const booked = find('appointment_scheduled');
  let collectedAt: string;
  if (drawn) collectedAt = drawn;
  else if (posted) {
    const unpacked = find('with_customer') ?? find('registered') ?? before[0]?.created_at ?? posted;
    collectedAt = between(unpacked, posted, 0.85);
  } else if (booked) collectedAt = between(booked, reportedAt, 0.4);
  else collectedAt = between(previous, reportedAt, 0.3);
  // A lab needs hours from a sample to a report: where the history leaves room, the sample
  // was taken at least three hours before the first result (and after the step before it).
  const earliest = Date.parse(before.at(-2)?.created_at ?? before[0]?.created_at ?? collectedAt);
  const latest = Date.parse(reportedAt) - MIN_TURNAROUND;
  if (Date.parse(collectedAt) > latest && latest > earliest) {
    collectedAt = new Date(Math.floor(latest / 1000) * 1000).toISOString();
  }
  const receivedAt = find('delivered_to_lab') ?? between(collectedAt, reportedAt, 0.25);
  return { collectedAt, receivedAt };
}

/**
 * Results for the seeded orders that reached results, made the way a simulation makes
 * them, so reading a seeded completed order's results never answers 404. The values are the
 * patient's own (their set points, or their story in seed/stories.ts); the order's
 * interpretation is set from them here, so this must run before the orders are stored.
 */
export function buildSeedResults(orders: OrderRecord[]): SeedResult[] {
  const out: SeedResult[] = [];
  const acute = acuteOrders(orders);
  for (const order of orders) {
    const doc = order.document;
    const last = [...order.events].reverse().find((e) => RESULT_STEP.test(e.status));
    if (!last) continue;
    const test = LAB_TESTS.find((t) => t.id === order.labTestId);
    const lab = LABS.find((l) => l.id === test?.lab_id);
    // seed/orders.ts rolls an interpretation; the patient's physiology decides here instead.
    const target: ResultTarget = 'natural';
    const event = FINAL_STEP.test(last.status) ? acute.get(doc.id) : undefined;
    const results = generateResults(
      markersOf(order),
      { has_missing_results: doc.has_missing_results === true },
      {
        orderId: doc.id,
        patientKey: doc.user_id,
        sex: doc.patient_details?.gender ?? null,
        sampleId: doc.sample_id,
        patientName: doc.patient_details
          ? `${doc.patient_details.first_name} ${doc.patient_details.last_name}`
          : '',
        dob: doc.patient_details?.dob.slice(0, 10) ?? null,
        labName: lab?.name ?? 'Local lab',
        ...collectionTimes(order),
        reportedAt: last.created_at,
        status: last.status.endsWith('.partial_results') ? 'partial' : 'final',
        corrected: last.status.endsWith('.corrected'),
        ...(event ? { acute: event } : {}),
      },
      target,
    );
    doc.interpretation = results.metadata.interpretation;
    out.push({ order_id: doc.id, created_at: last.created_at, document: JSON.stringify(results) });
  }
  return out;
}

export async function insertSeedResults(db: SandboxDb, results: SeedResult[]): Promise<void> {
  for (const result of results) await db.insertInto('order_result').values(result).execute();
}
