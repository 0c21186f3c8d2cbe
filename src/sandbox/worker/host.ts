import { Worker } from 'node:worker_threads';
import type { StartSandboxOptions } from '../server';
import { messageOf, type HostRequest, type LabApiWorkerData, type WorkerMessage } from './protocol';

/*
 * The host side of the local Lab API's worker thread: starts it, and offers what the
 * composition root uses of a running Lab API (its URL, the organisation, the host's
 * webhook endpoint, close) as calls answered by messages.
 */

export interface SandboxWorker {
  url: string;
  management: {
    orgId: string;
    registerHostEndpoint(endpoint: { url: string; secret: string }): Promise<void>;
  };
  /** Closes the Lab API (its store first), then ends the thread. */
  close(): Promise<void>;
}

export interface SandboxWorkerHooks {
  /** The thread ended without `close()` (a crash): `reason` says how, never with request data. */
  onUnexpectedExit?: (reason: string) => void;
}

/*
 * In the bundle this code lives in dist/server/start.js, beside labApiWorker.js. From source
 * (tsx, vitest) it is host.ts beside labApiWorker.ts, which fromSource.mjs loads through tsx.
 */
function spawnWorker(data: LabApiWorkerData): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './fromSource.mjs' : './labApiWorker.js', import.meta.url);
  return new Worker(entry, { workerData: data });
}

/** A request without its id (`Omit` of each member: `Omit` of a union keeps common keys only). */
type Request<R = HostRequest> = R extends HostRequest ? Omit<R, 'id'> : never;

export function startSandboxWorker(
  options: StartSandboxOptions,
  hooks: SandboxWorkerHooks = {},
): Promise<SandboxWorker> {
  const worker = spawnWorker({ options });
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let state: 'starting' | 'running' | 'closing' | 'exited' = 'starting';
  let crash: string | null = null;
  let closed: Promise<void> | null = null;

  const request = (message: Request): Promise<void> => {
    // Once closing, only the close itself still goes to the thread.
    if (state === 'exited' || (state === 'closing' && message.type !== 'close')) {
      return Promise.reject(new Error('The local Lab API has stopped.'));
    }
    const id = nextId++;
    return new Promise<void>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  };

  const running = (url: string, orgId: string): SandboxWorker => ({
    url,
    management: {
      orgId,
      registerHostEndpoint: (endpoint) => request({ type: 'registerHostEndpoint', endpoint }),
    },
    close() {
      closed ??=
        state === 'exited'
          ? Promise.resolve()
          : (async () => {
              state = 'closing';
              try {
                await request({ type: 'close' });
              } finally {
                await worker.terminate();
              }
            })();
      return closed;
    },
  });

  return new Promise<SandboxWorker>((resolve, reject) => {
    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'ready':
          state = 'running';
          resolve(running(message.url, message.orgId));
          return;
        case 'failed':
          state = 'exited';
          reject(new Error(message.message));
          void worker.terminate();
          return;
        case 'reply': {
          const waiting = pending.get(message.id);
          pending.delete(message.id);
          if (message.error === undefined) waiting?.resolve();
          else waiting?.reject(new Error(message.error));
          return;
        }
      }
    });
    // An uncaught error in the thread; 'exit' follows.
    worker.on('error', (error) => {
      crash = messageOf(error);
    });
    worker.on('exit', (code) => {
      const before = state;
      state = 'exited';
      const reason = crash ?? `the thread ended with code ${String(code)}`;
      for (const waiting of pending.values()) waiting.reject(new Error(reason));
      pending.clear();
      if (before === 'starting') reject(new Error(reason));
      else if (before === 'running') hooks.onUnexpectedExit?.(reason);
    });
  });
}
