import { LIVE_SESSION_ENDED_EVENT } from '../../../../contract/consoleProtocol';
import { LIVE_EVENTS_PATH } from '../../../../contract/webhooks';
import { reopenDelayMs, type LiveConnection } from './connection';

/**
 * The BFF's named SSE event for "you missed more than the log holds; refetch what you
 * show" (the contract's LIVE_RESET_EVENT).
 */
const RESET_EVENT = 'reset';

/** What a live stream tells whoever follows it: raw messages, so that they can be relayed as they came. */
export interface LiveStreamSink {
  state(state: LiveConnection): void;
  /** One SSE message's data, not yet parsed. */
  message(data: string): void;
  /** Events may have been missed: refetch everything live events could have touched. */
  resync(): void;
  /** An admin ended the session (`code`: why): the stream is closed for good. */
  ended(code: string): void;
}

/**
 * Opens the BFF's live events (same origin, so the session cookie goes with the request)
 * until the returned function is called. A dropped connection is resumed by EventSource
 * itself, which sends Last-Event-ID; a stream the server refused is opened anew after a
 * pause, and since that one starts from now, the sink is told to resync once it is open.
 * `missedSome` starts a stream that takes over from another one (another tab's) in the
 * same state: it starts from now too.
 */
export function openLiveStream(sink: LiveStreamSink, { missedSome = false } = {}): () => void {
  let source: EventSource | null = null;
  let reopen: number | undefined;
  let refused = 0;
  let missed = missedSome;

  const open = () => {
    reopen = undefined;
    const stream = new EventSource(LIVE_EVENTS_PATH);
    source = stream;
    stream.onopen = () => {
      sink.state('live');
      refused = 0;
      if (missed) {
        missed = false;
        sink.resync();
      }
    };
    stream.onmessage = (message: MessageEvent) => {
      if (typeof message.data === 'string') sink.message(message.data);
    };
    stream.addEventListener(RESET_EVENT, () => sink.resync());
    stream.addEventListener(LIVE_SESSION_ENDED_EVENT, (event: MessageEvent) => {
      // Not a dropped connection: no reconnecting with a session that is gone.
      stream.close();
      let code = '';
      try {
        const sent = (JSON.parse(String(event.data)) as { code?: unknown }).code;
        if (typeof sent === 'string') code = sent;
      } catch {
        // Ended all the same; the sign-in page then gives no reason.
      }
      sink.ended(code);
    });
    stream.onerror = () => {
      sink.state('reconnecting');
      if (stream.readyState !== EventSource.CLOSED) return;
      // The browser gave up on this one (a refusal): open a new one later.
      missed = true;
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
}
