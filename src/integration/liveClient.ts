import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'svix';
import {
  ANTI_FORGERY_HEADER,
  ANTI_FORGERY_VALUE,
  LIVE_EVENTS_PATH,
  LIVE_SESSION_ENDED_EVENT,
  SVIX_HEADERS,
  WEBHOOK_RECEIVER_PATH,
  liveEventSchema,
  type LiveEvent,
} from '../contract';
import type { FastifyInstance } from 'fastify';

/*
 * Test clients for live operations, through real HTTP: a signer standing in for the
 * Lab API's sender, and a Server-Sent Events reader standing in for the browser's
 * EventSource (same wire format, same Last-Event-ID header on resume).
 */

export function newWebhookSecret(): string {
  return `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64')}`;
}

export interface Delivery {
  headers: Record<string, string>;
  body: string;
}

/** A delivery signed as Svix signs it: over `id.timestamp.body`. */
export function signDelivery(
  secret: string,
  svixId: string,
  envelope: unknown,
  at: Date = new Date(),
  body: string = JSON.stringify(envelope),
): Delivery {
  const signature = new Webhook(secret).sign(svixId, at, body);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      [SVIX_HEADERS.id]: svixId,
      [SVIX_HEADERS.timestamp]: String(Math.floor(at.getTime() / 1000)),
      [SVIX_HEADERS.signature]: signature,
    },
  };
}

export function deliver(bff: FastifyInstance, delivery: Delivery) {
  return bff.inject({
    method: 'POST',
    url: WEBHOOK_RECEIVER_PATH,
    headers: delivery.headers,
    body: delivery.body,
  });
}

export interface LiveClient {
  events: LiveEvent[];
  /** Ids sent as `event: reset`. */
  resets: string[];
  /** The `code` of `event: session-ended`, when an admin ended the session. */
  sessionEnded: string[];
  /** Resolves with the first received event matching, failing after `withinMs`. */
  waitFor(match: (event: LiveEvent) => boolean, withinMs?: number): Promise<LiveEvent>;
  close(): void;
  closed: Promise<void>;
}

/** Opens `GET /api/live` as the browser does (no anti-forgery header: EventSource cannot send one). */
export async function openLiveStream(
  baseUrl: string,
  cookie: string,
  lastEventId?: string,
  withAntiForgery = false,
): Promise<LiveClient> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}${LIVE_EVENTS_PATH}`, {
    headers: {
      cookie,
      accept: 'text/event-stream',
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
      ...(withAntiForgery ? { [ANTI_FORGERY_HEADER]: ANTI_FORGERY_VALUE } : {}),
    },
    signal: abort.signal,
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`live stream refused: ${response.status} ${await response.text()}`);
  }
  const events: LiveEvent[] = [];
  const resets: string[] = [];
  const sessionEnded: string[] = [];
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const closed = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            if (colon < 0) continue;
            fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          if (fields.get('event') === 'reset') resets.push(fields.get('id') ?? '');
          else if (fields.get('event') === LIVE_SESSION_ENDED_EVENT) {
            sessionEnded.push((JSON.parse(fields.get('data') ?? '{}') as { code: string }).code);
          } else if (fields.has('data')) {
            const event = liveEventSchema.strict().parse(JSON.parse(fields.get('data') ?? ''));
            if (event.id !== fields.get('id')) throw new Error('SSE id differs from the event id');
            events.push(event);
          }
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    }
  })();
  return {
    events,
    resets,
    sessionEnded,
    closed,
    async waitFor(match, withinMs = 10_000) {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(`no matching live event; got ${JSON.stringify(events)}`);
        }
        await sleep(10);
      }
    },
    close() {
      abort.abort();
    },
  };
}

/** The address a Fastify app listens on once `listen({ port: 0 })` resolved. */
export function addressOf(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}
