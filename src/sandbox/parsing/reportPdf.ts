import { textPdf } from '../lifecycle/pdf';

/** A lab report as a text PDF of the given lines, whole in memory: for tests and journeys. */
export function reportPdf(lines: string[]): Promise<Buffer> {
  const doc = textPdf('Lab report', lines);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
}
