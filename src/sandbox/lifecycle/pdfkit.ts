import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

let loaded: typeof PDFDocument | undefined;

/**
 * A new pdfkit document. pdfkit unpacks its font and line-breaking tables when it is
 * imported, about a tenth of the local Lab API's start-up; most starts (every test's
 * console) print no document, so it is loaded at the first one instead.
 */
export function newPdf(options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  loaded ??= createRequire(import.meta.url)('pdfkit') as typeof PDFDocument;
  return new loaded(options);
}
