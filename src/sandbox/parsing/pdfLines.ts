import { loadPdfJs } from './pdfJs';

/** The spec's page limit for one PDF (docs/lab-api-facts.md §9). */
export const PDF_MAX_PAGES = 30;

export class UnreadablePdfError extends Error {}
export class TooManyPagesError extends Error {}

interface TextItem {
  str: string;
  transform: number[];
}

/**
 * The text lines of a PDF, read with unpdf (pdf.js). pdf.js gives positioned text
 * pieces; pieces on the same baseline are one printed line, read left to right.
 */
export async function readPdfLines(bytes: Uint8Array): Promise<string[]> {
  // Loaded on first use: pdf.js is large, and most runs of the local Lab API parse nothing.
  const { getDocumentProxy } = await loadPdfJs();
  let pdf;
  try {
    // pdf.js wants a plain Uint8Array (not a Buffer) and takes ownership of it: a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (error) {
    throw new UnreadablePdfError('The PDF could not be read', { cause: error });
  }
  try {
    if (pdf.numPages > PDF_MAX_PAGES) throw new TooManyPagesError(`${pdf.numPages} pages`);
    const lines: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const rows = new Map<number, { x: number; text: string }[]>();
      for (const item of content.items as unknown[]) {
        const { str, transform } = item as TextItem;
        if (typeof str !== 'string' || !str.trim() || !Array.isArray(transform)) continue;
        const y = Math.round(transform[5] ?? 0);
        const row = rows.get(y) ?? [];
        row.push({ x: transform[4] ?? 0, text: str.trim() });
        rows.set(y, row);
      }
      // PDF y grows upwards: the top line has the largest y.
      for (const y of [...rows.keys()].sort((a, b) => b - a)) {
        const row = (rows.get(y) ?? []).sort((a, b) => a.x - b.x);
        lines.push(row.map((p) => p.text).join(' '));
      }
    }
    return lines;
  } finally {
    await pdf.destroy();
  }
}
