import type { StartSandboxOptions } from '../server';

/*
 * The messages between the host thread and the local Lab API's worker (`labApiWorker.ts`).
 * The start options travel in `workerData`; requests carry an id their reply answers with.
 * Errors cross as their message only: structured clone keeps no class, and a message is
 * all the console prints (never a request's data).
 */

export interface LabApiWorkerData {
  options: StartSandboxOptions;
}

export type HostRequest =
  | { type: 'registerHostEndpoint'; id: number; endpoint: { url: string; secret: string } }
  | { type: 'close'; id: number };

export type WorkerMessage =
  | { type: 'ready'; url: string; orgId: string }
  | { type: 'failed'; message: string }
  | { type: 'reply'; id: number; error?: string };

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
