import { parseOrderStatus, type MatchDecisionCode } from '../../contract';
import type { OrderRecord } from '../store/orderDocument';
import type { UnmatchedResultDocument } from '../store/unmatchedResults';
import { DEMO_TEAM_ID, LAB_TESTS, LABS, MARKERS } from './catalog';
import { uuidFrom } from './random';

/*
 * Unmatched results for the demo team: at least one for every decision code of the
 * facts (§9), each with candidate groups built from the seeded orders, plus one
 * already escalated and one resolved so the queue's status filter has something to show.
 */

const HOUR = 3_600_000;

/** The low-level status of the order's last event, as OrderLowLevelStatus names it. */
const lowOf = (o: OrderRecord) => {
  const parsed = parseOrderStatus(o.events.at(-1)?.status ?? '');
  return parsed.knownLowLevel ?? parsed.lowLevel;
};
const topOf = (o: OrderRecord) => o.events.at(-1)?.status.split('.')[0] ?? '';

function labOf(order: OrderRecord) {
  const test = LAB_TESTS.find((t) => t.id === order.labTestId);
  const lab = LABS.find((l) => l.id === test?.lab_id) ?? LABS[0];
  if (!lab) throw new Error('the catalogue has no labs');
  return { lab, markerIds: test?.marker_ids ?? [] };
}

function markersOf(ids: number[]) {
  return MARKERS.filter((m) => ids.includes(m.id)).map((m) => ({
    provider_id: m.provider_id,
    name: m.name,
  }));
}

interface CaseSpec {
  code: MatchDecisionCode;
  reason: string;
  /** MatchSubReasonCode: the document knows one value, lab_account_mismatch. */
  subReasons: string[];
  /** Picks the order the result really belongs to (none for no_match). */
  pick?: (o: OrderRecord) => boolean;
  confidence: 'high' | 'medium' | 'low';
  score: number;
  reasons: string[];
  /** Changes the lab's demographics so they differ from the order's patient. */
  alterPatient?: (p: { first_name: string; last_name: string; dob: string }) => void;
  /** The result came from another lab than the order's. */
  otherLab?: boolean;
  /** A second patient's group of candidates (multiple_demo_match). */
  secondGroup?: boolean;
  status?: 'pending_customer_review' | 'pending_ops_review' | 'resolved';
}

const inProgress = (o: OrderRecord) =>
  ['collecting_sample', 'sample_with_lab'].includes(topOf(o)) &&
  o.document.patient_details !== null;

const CASES: CaseSpec[] = [
  {
    code: 'match_sample_id',
    reason: 'The sample id matches an order that has not received results yet.',
    subReasons: [],
    pick: inProgress,
    confidence: 'high',
    score: 0.97,
    reasons: ['sample_id_match', 'same_lab', 'demographic_match', 'marker_overlap_exact'],
  },
  {
    code: 'match_completed',
    reason: 'The sample id matches an order that already completed.',
    subReasons: [],
    pick: (o) => lowOf(o) === 'completed' && o.document.patient_details !== null,
    confidence: 'high',
    score: 0.91,
    reasons: ['sample_id_match', 'matched_completed_order', 'same_lab', 'marker_overlap_exact'],
  },
  {
    code: 'match_cancelled',
    reason: 'The sample id matches an order that was cancelled.',
    subReasons: [],
    pick: (o) => lowOf(o) === 'cancelled' && o.document.patient_details !== null,
    confidence: 'medium',
    score: 0.74,
    reasons: ['sample_id_match', 'matched_cancelled_order', 'demographic_match'],
  },
  {
    code: 'wrong_collection',
    reason: 'The order was not in a state where a sample could have been collected.',
    subReasons: [],
    pick: (o) => lowOf(o) === 'ordered' && o.document.patient_details !== null,
    confidence: 'medium',
    score: 0.62,
    reasons: ['invalid_collection_state', 'demographic_match', 'marker_overlap_partial'],
  },
  {
    code: 'wrong_lab',
    reason: 'The result came from a different lab than the order was placed with.',
    subReasons: ['lab_account_mismatch'],
    pick: (o) => topOf(o) === 'sample_with_lab' && o.document.patient_details !== null,
    otherLab: true,
    confidence: 'medium',
    score: 0.58,
    reasons: [
      'possible_wrong_lab',
      'lab_account_mismatch',
      'demographic_match',
      'marker_overlap_partial',
    ],
  },
  {
    code: 'multiple_demo_match',
    reason: 'The demographics match more than one patient of the team.',
    subReasons: [],
    pick: (o) => topOf(o) === 'collecting_sample' && o.document.patient_details !== null,
    secondGroup: true,
    confidence: 'low',
    score: 0.41,
    reasons: ['demographic_match', 'same_lab', 'marker_overlap_partial'],
  },
  {
    code: 'match_sample_id_mismatch_demo',
    reason: 'The sample id matches, but the patient demographics differ.',
    subReasons: [],
    pick: (o) => topOf(o) === 'sample_with_lab' && o.document.patient_details !== null,
    alterPatient: (p) => {
      p.last_name = `${p.last_name}e`;
      p.dob = `${String(Number(p.dob.slice(0, 4)) + 1)}${p.dob.slice(4)}`;
    },
    confidence: 'medium',
    score: 0.66,
    reasons: ['sample_id_match', 'demographic_mismatch', 'same_lab', 'marker_overlap_exact'],
  },
  {
    code: 'match_demo',
    reason: 'No sample id matched; the demographics match one patient.',
    subReasons: [],
    pick: (o) => lowOf(o) === 'delivered_to_lab' && o.document.patient_details !== null,
    confidence: 'medium',
    score: 0.7,
    reasons: ['demographic_match', 'same_user', 'same_lab', 'marker_overlap_partial'],
  },
  {
    code: 'no_match',
    reason: 'No order or patient of the team matches this result.',
    subReasons: [],
    confidence: 'low',
    score: 0,
    reasons: [],
  },
  {
    code: 'match_demo',
    reason: 'No sample id matched; the demographics match one patient.',
    subReasons: [],
    pick: (o) => lowOf(o) === 'transit_lab' && o.document.patient_details !== null,
    confidence: 'medium',
    score: 0.68,
    reasons: ['demographic_match', 'same_lab'],
    status: 'pending_ops_review',
  },
  {
    code: 'no_match',
    reason: 'No order or patient of the team matches this result.',
    subReasons: [],
    confidence: 'low',
    score: 0,
    reasons: [],
    status: 'resolved',
  },
];

const STRANGERS = [
  {
    first_name: 'Quentin',
    last_name: 'Abernathy',
    dob: '1971-06-02T00:00:00+00:00',
    gender: 'male',
  },
  {
    first_name: 'Rosalind',
    last_name: 'Okafor',
    dob: '1988-11-19T00:00:00+00:00',
    gender: 'female',
  },
];

export function buildSeedUnmatchedResults(
  orders: OrderRecord[],
  now: Date,
): UnmatchedResultDocument[] {
  const used = new Set<string>();
  const take = (pick: (o: OrderRecord) => boolean, notUser?: string) => {
    const order = orders.find(
      (o) => pick(o) && !used.has(o.document.id) && o.document.user_id !== notUser,
    );
    if (order) used.add(order.document.id);
    return order;
  };

  return CASES.map((spec, index) => {
    const id = uuidFrom(`unmatched-result:${String(index)}`);
    const createdAt = new Date(now.getTime() - (index * 7 + 3) * HOUR).toISOString();
    const order = spec.pick ? take(spec.pick) : undefined;
    const status = spec.status ?? 'pending_customer_review';

    const source = order?.document.patient_details;
    const stranger = STRANGERS[index % STRANGERS.length] ?? {
      first_name: 'Quentin',
      last_name: 'Abernathy',
      dob: '1971-06-02T00:00:00+00:00',
      gender: 'male',
    };
    const patient = source
      ? {
          first_name: source.first_name,
          last_name: source.last_name,
          dob: source.dob,
          gender: source.gender,
        }
      : { ...stranger };
    spec.alterPatient?.(patient);

    const orderLab = order
      ? labOf(order)
      : {
          lab: labOf({ labTestId: LAB_TESTS[0]?.id ?? '' } as OrderRecord).lab,
          markerIds: [101, 102],
        };
    const lab = spec.otherLab
      ? (LABS.find((l) => l.id !== orderLab.lab.id) ?? orderLab.lab)
      : orderLab.lab;
    const markers = markersOf(
      spec.otherLab
        ? MARKERS.filter((m) => m.lab_id === lab.id)
            .slice(0, 3)
            .map((m) => m.id)
        : orderLab.markerIds,
    );

    const candidate = (o: OrderRecord, confidence: string, score: number, reasons: string[]) => {
      const ordered = markersOf(labOf(o).markerIds).map((m) => m.name);
      const overlap = markers.filter((m) => ordered.includes(m.name)).map((m) => m.name);
      return {
        candidate_type: 'provenance_order',
        order_id: o.document.id,
        order_transaction_id: o.orderTransactionId,
        // The low-level status (OrderLowLevelStatus), not the full order status.
        last_status: lowOf(o) || null,
        confidence_level: confidence,
        confidence_score: score,
        reasons,
        marker_overlap: {
          result_markers: markers.length,
          order_markers: ordered.length,
          matching: overlap,
        },
        status_context: {
          low_level_status: lowOf(o),
          status_changed_at: o.events.at(-1)?.created_at ?? null,
        },
      };
    };

    const groups = [];
    if (order) {
      groups.push({
        user_id: order.document.user_id,
        candidates: [candidate(order, spec.confidence, spec.score, spec.reasons)],
      });
      if (spec.secondGroup) {
        const other = take(
          (o) => o.document.patient_details !== null && topOf(o) !== 'cancelled',
          order.document.user_id,
        );
        if (other) {
          groups.push({
            user_id: other.document.user_id,
            candidates: [candidate(other, 'low', spec.score - 0.05, ['demographic_match'])],
          });
        }
      }
    }

    const reviewable = status === 'pending_customer_review';
    const allowed = !reviewable
      ? []
      : groups.length
        ? ['accept', 'reject', 'unsure']
        : ['reject', 'unsure'];
    return {
      id,
      team_id: DEMO_TEAM_ID,
      status,
      decision_code: spec.code,
      sub_reason_codes: spec.subReasons,
      reason: spec.reason,
      patient,
      lab: { id: lab.id, name: lab.name, slug: lab.slug },
      markers,
      interpretation: index % 4 === 0 ? 'abnormal' : 'normal',
      result_status: 'final',
      note: status === 'pending_customer_review' ? null : 'Seeded review note.',
      resolution_action:
        status === 'resolved' ? 'reject' : status === 'pending_ops_review' ? 'unsure' : null,
      resolved_user_id: null,
      resolved_order_id: null,
      allowed_actions: allowed,
      candidate_groups: groups,
      created_at: createdAt,
      updated_at: createdAt,
      reviewed_at: reviewable ? null : createdAt,
    };
  });
}
