import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { startSandbox, type RunningSandbox } from '../server';
import { messageOf, type HostRequest, type LabApiWorkerData, type WorkerMessage } from './protocol';

/*
 * The local Lab API in a thread of its own (`host.ts` starts it): its own event loop and
 * V8 isolate, so the BFF and the Lab API answer in parallel on two cores. Bundled as
 * dist/server/labApiWorker.js.
 */

const port = parentPort;
if (!port) throw new Error('labApiWorker runs as a worker thread (see host.ts).');
const post = (message: WorkerMessage) => port.postMessage(message);

async function serve(sandbox: RunningSandbox, request: HostRequest): Promise<void> {
  switch (request.type) {
    case 'registerHostEndpoint':
      await sandbox.management.registerHostEndpoint(request.endpoint);
      return;
    case 'close':
      // The host ends the thread once this answers: the store is closed by then.
      await sandbox.close();
      return;
  }
}

async function main(port: MessagePort): Promise<void> {
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox((workerData as LabApiWorkerData).options);
  } catch (error) {
    // The host ends the thread: a half-started app may still hold timers or the store.
    post({ type: 'failed', message: messageOf(error) });
    return;
  }
  const running = sandbox;
  port.on('message', (request: HostRequest) => {
    serve(running, request).then(
      () => post({ type: 'reply', id: request.id }),
      (error: unknown) => post({ type: 'reply', id: request.id, error: messageOf(error) }),
    );
  });
  post({ type: 'ready', url: running.url, orgId: running.management.orgId });
}

void main(port);
