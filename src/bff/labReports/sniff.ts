import { fileTypeFromBuffer } from 'file-type';
import { reportTypeOfMime, type ReportType } from '../../contract';

/** A report's type from its bytes (file-type's magic numbers), never its name or declared type. */
export async function sniffReportType(bytes: Uint8Array): Promise<ReportType | null> {
  return reportTypeOfMime((await fileTypeFromBuffer(bytes))?.mime);
}
