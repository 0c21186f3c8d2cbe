import type { FastifyInstance } from 'fastify';
import {
  LIVE_EVENTS_PATH,
  LIVE_EVENT_KINDS,
  LIVE_EVENT_PERMISSION,
  can,
  type LiveEventKind,
} from '../../contract';
import { sendProblem } from '../platform/http/problem';
import type { Store } from '../platform/database/database';
import type { SessionEnds } from '../platform/session/sessionEnds';
import type { SessionPolicy } from '../platform/session/sessions';
import { liveEventsAfter, liveLogBounds } from './eventLog';
import type { LiveHub } from './hub';
import { sessionStillLive } from './sessionCheck';
import { LiveStream } from './stream';

export interface LiveRouteOptions {
  store: Store;
  hub: LiveHub;
  policy: SessionPolicy;
  /** Comment lines keep proxies from closing a quiet stream; the session is re-checked then. */
  heartbeatMs: number;
  /** Sessions an admin ended: their streams on this replica close at once. */
  sessionEnds: SessionEnds;
}

/** A reconnect further behind than this is told to refetch instead of replaying. */
const MAX_BACKLOG = 1000;

function lastEventId(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/**
 * `GET /api/live`: Server-Sent Events. The guard in front of `/api` has checked the
 * session (and the origin); each role hears only kinds it may read, and an event names
 * what changed, never a patient value. `Last-Event-ID` resumes from the shared log, so
 * a reconnect to another replica misses nothing.
 */
export function liveRoutes(fastify: FastifyInstance, opts: LiveRouteOptions) {
  /** Each open stream and the account it was opened by. */
  const streams = new Map<LiveStream, string>();

  const unsubscribeEnds = opts.sessionEnds.subscribe((accountId, reason) => {
    for (const [stream, owner] of streams) {
      if (owner !== accountId) continue;
      stream.endSession(reason);
      streams.delete(stream);
    }
  });

  // Open streams would hold the server open; they end first, and browsers reconnect.
  fastify.addHook('preClose', (done) => {
    unsubscribeEnds();
    for (const stream of streams.keys()) stream.close();
    streams.clear();
    done();
  });

  fastify.get(
    LIVE_EVENTS_PATH,
    {
      config: {
        access: {
          signedIn: 'every role may follow; each hears only the kinds of event its role may read',
        },
        // Written before the stream opens: a hijacked answer passes no hook on its way out.
        audit: { recordType: 'live_events' },
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (!session) return sendProblem(reply, 401, 'Sign-in required', 'Sign in to continue.');
      const role = session.account.role;
      const kinds = new Set<LiveEventKind>(
        LIVE_EVENT_KINDS.filter((kind) => can(role, LIVE_EVENT_PERMISSION[kind])),
      );
      await request.auditRow({ outcome: 200 });

      const resumeFrom = lastEventId(request.headers['last-event-id']);
      reply.hijack();
      const res = reply.raw;
      const headers: Record<string, string | number | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) headers[name] = value;
      }
      res.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Reverse proxies (nginx) would otherwise hold events back in their buffers.
        'x-accel-buffering': 'no',
      });
      res.write('retry: 2000\n\n');

      // Subscribed before the log is read: an event committed meanwhile is held, not lost.
      const stream = new LiveStream(res, kinds);
      streams.set(stream, session.account.id);
      const unsubscribe = opts.hub.subscribe((event) => stream.live(event));
      const heartbeat = setInterval(() => {
        stream.heartbeat();
        sessionStillLive(opts.store.db, session.tokenHash, opts.policy, Date.now()).then(
          (live) => {
            if (typeof live === 'string') stream.endSession(live);
            else if (!live) stream.close();
          },
          (error: unknown) => request.log.warn({ err: error }, 'live stream session check failed'),
        );
      }, opts.heartbeatMs);
      const cleanUp = () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(stream);
        stream.close();
      };
      request.raw.on('close', cleanUp);

      try {
        const bounds = await liveLogBounds(opts.store.db);
        // No Last-Event-ID (or one from a log since reset): from now on.
        const start = resumeFrom === null || resumeFrom > bounds.last ? bounds.last : resumeFrom;
        // Ids below the log's first were pruned: the browser refetches instead.
        const pruned = start < bounds.first - 1;
        const backlog = pruned
          ? []
          : await liveEventsAfter(opts.store.db, start, MAX_BACKLOG + 1, [...kinds]);
        if (pruned || backlog.length > MAX_BACKLOG) {
          stream.reset(bounds.last);
          stream.ready(bounds.last, []);
        } else {
          stream.ready(start, backlog);
        }
      } catch (error) {
        request.log.error({ err: error }, 'live stream could not read the event log');
        cleanUp();
      }
    },
  );
}
