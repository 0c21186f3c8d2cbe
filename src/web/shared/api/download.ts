import { ANTI_FORGERY_HEADER, ANTI_FORGERY_VALUE } from '../../../contract/console';
import { ApiError } from './client';

/**
 * Saves a file the BFF streams (a PDF). Every /api call carries the anti-forgery
 * header, which a plain link cannot send, so the file is fetched and handed to the
 * browser's download as a blob.
 */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const response = await fetch(path, {
    credentials: 'same-origin',
    headers: { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE, accept: 'application/pdf' },
  });
  if (!response.ok) {
    throw new ApiError(
      response.status,
      null,
      `The file could not be downloaded (${response.status}).`,
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
