import { liveEventSchema, type LiveEvent } from '../../../../contract/webhooks';

/*
 * The live stream's state as the page shows it. EventSource reconnects by itself after
 * a dropped connection (sending Last-Event-ID, so the BFF resumes); when the server
 * refuses outright (a 401, a restart mid-handshake) it gives up, and the hook opens a
 * new one after a growing pause.
 */

export type LiveConnection = 'connecting' | 'live' | 'reconnecting';

export function connectionLabel(state: LiveConnection): string {
  switch (state) {
    case 'connecting':
      return 'Connecting…';
    case 'live':
      return 'Live';
    case 'reconnecting':
      return 'Offline — reconnecting';
  }
}

/** The pause before the n-th (0-based) new stream after the browser gave up: 2 s doubling to 30 s. */
export function reopenDelayMs(attempt: number): number {
  return Math.min(30_000, 2_000 * 2 ** Math.min(attempt, 10));
}

/** One SSE message as a live event, or null for anything else (never thrown: the stream goes on). */
export function parseLiveMessage(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = liveEventSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
