import type { ParsingJobDocument } from '../store/parsingJobs';
import { TooManyPagesError, UnreadablePdfError, readPdfLines } from './pdfLines';
import { parseReportLines } from './reportLines';

/**
 * What the parser makes of one report. The local Lab API has no OCR: an image, or a
 * PDF without a text layer (a scan), ends as `low_quality`; a PDF that cannot be
 * opened, or text without any result line (no lab report), as `invalid_input`.
 */
export async function parseReport(
  reportType: string,
  bytes: Uint8Array,
): Promise<Pick<ParsingJobDocument, 'status' | 'failure_reason' | 'data'>> {
  const failed = (failure_reason: string) => ({
    status: 'failed' as const,
    failure_reason,
    data: null,
  });
  if (reportType !== 'pdf') return failed('low_quality');
  let lines: string[];
  try {
    lines = await readPdfLines(bytes);
  } catch (error) {
    if (error instanceof TooManyPagesError) return failed('too_many_pages');
    if (error instanceof UnreadablePdfError) return failed('invalid_input');
    throw error;
  }
  if (lines.length === 0) return failed('low_quality');
  const data = parseReportLines(lines);
  if (data.results.length === 0) return failed('invalid_input');
  return { status: 'completed', failure_reason: null, data };
}
