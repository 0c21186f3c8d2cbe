import type { ResultTarget } from '../lifecycle/results';
import { generateResults } from '../lifecycle/results';
import type { SandboxDb } from '../store/database';
import type { OrderRecord } from '../store/orderDocument';
import { LAB_TESTS, LABS, MARKERS } from './catalog';

const RESULT_STEP = /\.(partial_results|completed|corrected)$/;

export interface SeedResult {
  order_id: string;
  created_at: string;
  document: string;
}

/**
 * Results for the seeded orders that reached results, made the way a simulation makes
 * them, so reading a seeded completed order's results never answers 404. The order's
 * interpretation is set from its values here (seed/orders.ts only chooses `critical`
 * or lets the patient's values decide), so it must run before the orders are stored.
 */
export function buildSeedResults(orders: OrderRecord[]): SeedResult[] {
  const out: SeedResult[] = [];
  for (const order of orders) {
    const doc = order.document;
    const last = [...order.events].reverse().find((e) => RESULT_STEP.test(e.status));
    if (!last) continue;
    const test = LAB_TESTS.find((t) => t.id === order.labTestId);
    const lab = LABS.find((l) => l.id === test?.lab_id);
    const markers = (test?.marker_ids ?? []).flatMap((id) => MARKERS.filter((m) => m.id === id));
    const target: ResultTarget = doc.interpretation === 'critical' ? 'critical' : 'natural';
    const results = generateResults(
      markers,
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
        collectedAt: order.events[0]?.created_at ?? last.created_at,
        reportedAt: last.created_at,
        status: last.status.endsWith('.partial_results') ? 'partial' : 'final',
        corrected: last.status.endsWith('.corrected'),
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
