import type { LiveConnection } from './connection';
import { openLiveStream, type LiveStreamSink } from './liveStream';

/*
 * One live stream per browser, shared by every tab of the console. A browser allows six
 * connections per host over HTTP/1.1 (how `npm start` and many deployments serve the
 * console), and an open SSE stream holds one for good: with a stream per tab, the sixth tab
 * left no connection for anything else and every tab's requests queued behind the streams.
 *
 * The tab holding the Web Lock `LOCK` leads: it opens the stream and relays each message
 * over a BroadcastChannel; the others follow. The browser releases the lock when the leading
 * tab closes or crashes and grants it to the next tab waiting, which opens a stream of its
 * own and resyncs (a new stream starts from now). A browser without Web Locks or
 * BroadcastChannel gives each tab its own stream, as before.
 */

const LOCK = 'lab-console:live-stream';
const CHANNEL = 'lab-console:live-stream';

type Relayed =
  | { kind: 'state'; state: LiveConnection }
  | { kind: 'message'; data: string }
  | { kind: 'resync' }
  | { kind: 'ended'; code: string }
  /** A tab that has just joined asks the leader where the stream stands. */
  | { kind: 'hello' };

function isRelayed(value: unknown): value is Relayed {
  if (typeof value !== 'object' || value === null) return false;
  const kind = (value as { kind?: unknown }).kind;
  return (
    kind === 'state' ||
    kind === 'message' ||
    kind === 'resync' ||
    kind === 'hello' ||
    kind === 'ended'
  );
}

function canShare(): boolean {
  // The DOM types declare both; older browsers and some embedded views still lack them.
  return typeof BroadcastChannel !== 'undefined' && 'locks' in navigator;
}

/** Follows the browser's one live stream until the returned function is called. */
export function joinLiveStream(sink: LiveStreamSink): () => void {
  if (!canShare()) return openLiveStream(sink);

  const channel = new BroadcastChannel(CHANNEL);
  const stepDown = new AbortController();
  let leading = false;
  let current: LiveConnection = 'connecting';
  let closeStream: (() => void) | null = null;
  let release: (() => void) | null = null;

  const relay = (message: Relayed) => channel.postMessage(message);
  const setState = (state: LiveConnection) => {
    current = state;
    sink.state(state);
  };

  channel.onmessage = (event: MessageEvent) => {
    const message: unknown = event.data;
    if (!isRelayed(message)) return;
    if (leading) {
      if (message.kind === 'hello') relay({ kind: 'state', state: current });
      return;
    }
    if (message.kind !== 'hello') followed = true;
    switch (message.kind) {
      case 'state':
        setState(message.state);
        break;
      case 'message':
        sink.message(message.data);
        break;
      case 'resync':
        sink.resync();
        break;
      case 'ended':
        sink.ended(message.code);
        break;
      case 'hello':
        break;
    }
  };

  // A tab that has heard a leader takes over a stream that was running: what happened
  // between the old leader's last message and the new stream's start is refetched.
  let followed = false;
  const lead = () =>
    new Promise<void>((resolve) => {
      leading = true;
      release = resolve;
      closeStream = openLiveStream(
        {
          state: (state) => {
            setState(state);
            relay({ kind: 'state', state });
          },
          message: (data) => {
            sink.message(data);
            relay({ kind: 'message', data });
          },
          resync: () => {
            sink.resync();
            relay({ kind: 'resync' });
          },
          ended: (code) => {
            sink.ended(code);
            relay({ kind: 'ended', code });
          },
        },
        { missedSome: followed },
      );
    });

  navigator.locks
    .request(LOCK, { signal: stepDown.signal }, lead)
    // Aborted while still waiting for the lock: this tab closed as a follower.
    .catch(() => undefined);
  // Until the lock is granted this tab follows; a leader answers with its state.
  relay({ kind: 'hello' });

  return () => {
    stepDown.abort();
    closeStream?.();
    release?.();
    channel.close();
  };
}
