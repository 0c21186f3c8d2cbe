import { fileTypeFromBuffer } from 'file-type/core';
import {
  REPORT_MAX_BYTES,
  reportTypeOfMime,
  type ReportType,
} from '../../../../contract/parsingJobs';

/** file-type reads signatures from the head of a file; 4 KiB is what it asks for. */
const HEAD_BYTES = 4100;

export type ReportCheck = { ok: true; type: ReportType } | { ok: false; message: string };

/**
 * Checks a chosen file before it is sent: size, and type by its bytes (never its name
 * or the browser's guess). The BFF checks both again: this only saves a wasted upload.
 */
export async function checkReportFile(file: File): Promise<ReportCheck> {
  if (file.size > REPORT_MAX_BYTES) {
    return { ok: false, message: 'The file is larger than 10 MB. Choose a smaller report.' };
  }
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const type = reportTypeOfMime((await fileTypeFromBuffer(head))?.mime);
  if (!type) {
    return {
      ok: false,
      message: 'The file is not a PDF, JPEG or PNG (judged by its content, not its name).',
    };
  }
  return { ok: true, type };
}
