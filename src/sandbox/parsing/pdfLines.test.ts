import { afterEach, describe, expect, it, vi } from 'vitest';
import { textPdf } from '../lifecycle/pdf';
import { readPdfLines } from './pdfLines';

async function bytesOf(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

describe('reading a text PDF', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('gives its lines and prints nothing about pdf.js builds on the terminal', async () => {
    const printed = vi.spyOn(console, 'log');
    const lines = await readPdfLines(await bytesOf(textPdf('Lab report', ['HDL 52 mg/dL'])));
    expect(lines).toEqual(['Lab report', 'HDL 52 mg/dL']);
    expect(printed.mock.calls.flat().join('\n')).not.toMatch(/legacy/);
  });
});
