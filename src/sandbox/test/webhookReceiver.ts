import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'svix';
import { SVIX_HEADERS, webhookEnvelopeSchema, type WebhookEnvelope } from '../../contract/webhooks';

/*
 * A real webhook endpoint on a loopback port, for the sender's tests: it verifies every
 * delivery with Svix's own `Webhook.verify` and keeps what arrived, in arrival order.
 */

export const TEST_WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export interface ReceivedDelivery {
  svixId: string;
  timestamp: string;
  /** Svix accepted the signature (a bad one is kept too, with `verified: false`). */
  verified: boolean;
  envelope: WebhookEnvelope;
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** Decides the answer's status from the delivery (default 204); set by a test as it goes. */
  answer: (delivery: Omit<ReceivedDelivery, 'status'>, attemptOfId: number) => number;
  /** The verified deliveries, first arrival of each svix-id only. */
  messages(): ReceivedDelivery[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startWebhookReceiver(
  secret: string = TEST_WEBHOOK_SECRET,
): Promise<WebhookReceiver> {
  const verifier = new Webhook(secret);
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    answer: () => 204,
    messages() {
      const seen = new Set<string>();
      return this.received.filter((d) => {
        if (!d.verified || seen.has(d.svixId)) return false;
        seen.add(d.svixId);
        return true;
      });
    },
    close: () => Promise.resolve(),
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : '';
    };
    const headers = {
      [SVIX_HEADERS.id]: header(SVIX_HEADERS.id),
      [SVIX_HEADERS.timestamp]: header(SVIX_HEADERS.timestamp),
      [SVIX_HEADERS.signature]: header(SVIX_HEADERS.signature),
    };
    let verified = true;
    try {
      verifier.verify(body, headers);
    } catch {
      verified = false;
    }
    const delivery = {
      svixId: headers[SVIX_HEADERS.id],
      timestamp: headers[SVIX_HEADERS.timestamp],
      verified,
      envelope: webhookEnvelopeSchema.parse(JSON.parse(body)),
    };
    const attemptOfId = receiver.received.filter((d) => d.svixId === delivery.svixId).length + 1;
    const status = verified ? receiver.answer(delivery, attemptOfId) : 400;
    receiver.received.push({ ...delivery, status });
    response.statusCode = status;
    response.end();
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.statusCode = 500;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${String(port)}/webhooks/lab-api`;
  receiver.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return receiver;
}
