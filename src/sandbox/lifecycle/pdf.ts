import { newPdf } from './pdfkit';

/*
 * The local Lab API's PDFs: a one-page document of text lines. pdfkit streams, so the
 * route hands the document to the reply and ends it; nothing is buffered whole.
 */
export function textPdf(title: string, lines: string[]): PDFKit.PDFDocument {
  const doc = newPdf({ size: 'LETTER', margin: 54, info: { Title: title } });
  doc.fontSize(16).text(title);
  doc.moveDown();
  doc.fontSize(10);
  for (const line of lines) doc.text(line);
  doc.end();
  return doc;
}
