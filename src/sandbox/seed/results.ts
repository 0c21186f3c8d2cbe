import type { SimulateBody } from '../../contract/results';
import { generateResults } from '../lifecycle/results';
import type { SandboxDb } from '../store/database';
import type { OrderRecord } from '../store/orderDocument';
import { LAB_TESTS, LABS, MARKERS } from './catalog';

const RESULT_STEP = /\.(partial_results|completed|corrected)$/;
const INTERPRETATIONS = new Set(['normal', 'abnormal', 'critical', 'unknown']);

/**
 * Results for the seeded orders that reached results, made the way a simulation makes
 * them, so reading a seeded completed order's results never answers 404.
 */
export async function seedResults(db: SandboxDb, orders: OrderRecord[]): Promise<void> {
  for (const order of orders) {
    const last = [...order.events].reverse().find((e) => RESULT_STEP.test(e.status));
    if (!last) continue;
    const test = LAB_TESTS.find((t) => t.id === order.labTestId);
    const lab = LABS.find((l) => l.id === test?.lab_id);
    const markers = (test?.marker_ids ?? []).flatMap((id) => MARKERS.filter((m) => m.id === id));
    const doc = order.document;
    const interpretation = doc.interpretation ?? 'normal';
    const options: SimulateBody = {
      interpretation: (INTERPRETATIONS.has(interpretation)
        ? interpretation
        : 'normal') as NonNullable<SimulateBody['interpretation']>,
      has_missing_results: doc.has_missing_results === true,
    };
    const results = generateResults(markers, options, {
      orderId: doc.id,
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
    });
    await db
      .insertInto('order_result')
      .values({ order_id: doc.id, created_at: last.created_at, document: JSON.stringify(results) })
      .execute();
  }
}
