import { newPdf } from './pdfkit';
import type { OrderDocument } from '../store/orderDocument';

/*
 * The order documents the local Lab API prints: specimen labels, the advance beneficiary
 * notice and the collection instructions. Plain text on pdfkit pages, like the requisition;
 * what matters to the console is that each is a real PDF about the right order.
 */

const patientLine = (doc: OrderDocument) =>
  doc.patient_details
    ? `${doc.patient_details.last_name}, ${doc.patient_details.first_name}  DOB ${doc.patient_details.dob.slice(0, 10)}`
    : 'Patient not registered';

/**
 * One label per specimen tube, 2 × 1 inch, as a label printer takes them: the patient's
 * two identifiers, the test and the tube the label goes on (the tubes in turn), the
 * sample id, the collection time. Each line is cut to the label's width rather than
 * wrapped, so a label never runs onto a second page.
 */
export function labelsPdf(
  doc: OrderDocument,
  count: number,
  collectedAt: string,
  what: { testName: string; tubes: readonly string[] },
) {
  const pdf = newPdf({ size: [144, 72], margin: 6, info: { Title: `Labels ${doc.id}` } });
  const line = { width: 132, height: 8, ellipsis: true, lineBreak: false } as const;
  for (let i = 0; i < count; i += 1) {
    if (i > 0) pdf.addPage();
    pdf.fontSize(6.5).text(patientLine(doc), line);
    pdf.fontSize(5.5).text(what.testName, line);
    pdf.text(what.tubes[i % Math.max(what.tubes.length, 1)] ?? 'Tube not given', line);
    pdf.fontSize(10).text(doc.sample_id ?? '-', { ...line, height: 12, characterSpacing: 1 });
    pdf.fontSize(5.5).text(`Collected ${collectedAt.slice(0, 16).replace('T', ' ')}`, line);
    pdf.text(`Tube ${i + 1} of ${count}`, line);
  }
  pdf.end();
  return pdf;
}

export const ABN_LINES = (doc: OrderDocument, testName: string) => [
  `Order ${doc.id}`,
  `Patient: ${patientLine(doc)}`,
  '',
  `Medicare may not pay for ${testName}.`,
  'If Medicare does not pay, you may have to pay. Choose an option below and sign.',
  '',
  'Option 1: I want the test and to be billed; Medicare may be asked to decide.',
  'Option 2: I want the test, but do not bill Medicare.',
  'Option 3: I do not want the test.',
  '',
  'Signature: ______________________    Date: ____________',
];

const METHOD_STEPS: Record<string, string[]> = {
  testkit: [
    'Wash your hands and open the kit on a clean surface.',
    'Collect the sample as shown on the card in the kit.',
    'Seal the sample in the bag and post it the same day.',
  ],
  walk_in_test: [
    'Bring a photo ID and this order’s requisition to the patient service centre.',
    'Drink water before the visit unless told otherwise.',
  ],
  at_home_phlebotomy: [
    'Be at the address at the time of the appointment with a photo ID.',
    'Drink water before the visit unless told otherwise.',
  ],
  on_site_collection: ['Collect the specimens as the requisition lists them and label each tube.'],
};

export function instructionLines(test: { name: string; method: string; fasting: boolean }) {
  return [
    `Lab test: ${test.name}`,
    test.fasting
      ? 'Fasting: do not eat or drink anything but water for 8 hours before the collection.'
      : 'No fasting needed.',
    '',
    ...(METHOD_STEPS[test.method] ?? []),
  ];
}
