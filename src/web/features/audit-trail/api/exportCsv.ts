import { ANTI_FORGERY_HEADER, ANTI_FORGERY_VALUE } from '../../../../contract/console';
import { ADMIN_AUDIT_EXPORT_PATH } from '../../../../contract/administration';
import { ApiError } from '../../../shared/api/client';
import { queryString, toAuditQuery, type AuditSearch } from '../lib/auditSearch';

export interface ExportProgress {
  rows: number;
  total: number;
}

/**
 * Reads the streamed CSV, counting rows as they arrive against the total the BFF sent
 * first, then hands the file to the browser's download.
 */
export async function exportAuditCsv(
  search: AuditSearch,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(`${ADMIN_AUDIT_EXPORT_PATH}?${queryString(toAuditQuery(search))}`, {
    credentials: 'same-origin',
    headers: { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE, accept: 'text/csv' },
    signal,
  });
  if (!response.ok || !response.body) {
    throw new ApiError(response.status, null, `The export failed (${response.status}).`);
  }
  const total = Number(response.headers.get('x-total-rows') ?? 0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    for (const byte of value) if (byte === 10) lines += 1;
    // The first line is the header.
    onProgress({ rows: Math.max(0, lines - 1), total });
  }
  const blob = new Blob(chunks as BlobPart[], { type: 'text/csv' });
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'audit-trail.csv';
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
