import { useEffect, useRef, useState } from 'react';
import { LIVE_EVENTS_PATH, type LiveEvent } from '../../../../contract/webhooks';
import { parseLiveMessage, reopenDelayMs, type LiveConnection } from '../lib/connection';

/**
 * The BFF's named SSE event for "you missed more than the log holds; refetch what you
 * show" (the contract's LIVE_RESET_EVENT, added with the BFF's side).
 */
const RESET_EVENT = 'reset';

export interface LiveEventHandlers {
  onEvent(event: LiveEvent): void;
  /** Events may have been missed: refetch everything live events could have touched. */
  onResync(): void;
}

/**
 * Follows the BFF's live events while mounted (same origin, so the session cookie goes
 * with the request). A dropped connection is resumed by EventSource itself, which sends
 * Last-Event-ID; a stream the server refused is opened anew after a pause, and since
 * that one starts from now, what it shows is refetched once it is open.
 */
export function useLiveEvents(handlers: LiveEventHandlers): LiveConnection {
  const [state, setState] = useState<LiveConnection>('connecting');
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    let source: EventSource | null = null;
    let reopen: number | undefined;
    let refused = 0;
    let missedSome = false;

    const open = () => {
      reopen = undefined;
      const stream = new EventSource(LIVE_EVENTS_PATH);
      source = stream;
      stream.onopen = () => {
        setState('live');
        refused = 0;
        if (missedSome) {
          missedSome = false;
          latest.current.onResync();
        }
      };
      stream.onmessage = (message: MessageEvent) => {
        const event = parseLiveMessage(message.data);
        if (event) latest.current.onEvent(event);
      };
      stream.addEventListener(RESET_EVENT, () => latest.current.onResync());
      stream.onerror = () => {
        setState('reconnecting');
        if (stream.readyState !== EventSource.CLOSED) return;
        // The browser gave up on this one (a refusal): open a new one later.
        missedSome = true;
        stream.close();
        reopen = window.setTimeout(open, reopenDelayMs(refused));
        refused += 1;
      };
    };

    // Back online: no need to wait out the pause.
    const online = () => {
      if (reopen === undefined) return;
      window.clearTimeout(reopen);
      open();
    };

    open();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      if (reopen !== undefined) window.clearTimeout(reopen);
      source?.close();
    };
  }, []);

  return state;
}
