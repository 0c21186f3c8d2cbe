import { chunkBuffers } from '../lib/series';
import { PageRequestError, loadWindows, type FoldedPage, type WindowRequest } from './pageLoader';

/*
 * The loading worker: parsing tens of MB of JSON and folding half a million samples would hold
 * the main thread for seconds. Pages come back as typed arrays, moved rather than copied.
 */

export interface LoadRequest {
  readonly windows: readonly WindowRequest[];
  readonly concurrency: number;
}

export type LoadMessage =
  | ({ readonly type: 'page' } & FoldedPage)
  | { readonly type: 'done' }
  | {
      readonly type: 'failed';
      /** 0 when no answer came (network, or a page that does not parse). */
      readonly status: number;
      readonly body: unknown;
      readonly path: string;
      readonly message: string;
    };

/** The worker's scope (the project's TypeScript lib is the DOM's, not the worker's). */
declare const self: {
  onmessage: ((event: MessageEvent<LoadRequest>) => void) | null;
  postMessage(message: LoadMessage, transfer: Transferable[]): void;
};

self.onmessage = (event: MessageEvent<LoadRequest>) => {
  const { windows, concurrency } = event.data;
  const post = (message: LoadMessage, transfer: Transferable[] = []) =>
    self.postMessage(message, transfer);
  loadWindows(windows, concurrency, (page) =>
    post({ type: 'page', ...page }, chunkBuffers(page.chunks)),
  ).then(
    () => post({ type: 'done' }),
    (error: unknown) =>
      post({
        type: 'failed',
        status: error instanceof PageRequestError ? error.status : 0,
        body: error instanceof PageRequestError ? error.body : null,
        path: error instanceof PageRequestError ? error.path : (windows[0]?.path ?? ''),
        message: error instanceof Error ? error.message : 'The pages could not be read.',
      }),
  );
};
