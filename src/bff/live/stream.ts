import type { ServerResponse } from 'node:http';
import {
  LIVE_RESET_EVENT,
  LIVE_SESSION_ENDED_EVENT,
  type LiveEvent,
  type LiveEventKind,
  type SessionEndReason,
} from '../../contract';

/** A stream this far behind (a stalled client) is closed; its reconnect resumes from the log. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * One browser's Server-Sent Events stream. Events before `ready` (read back from the
 * log) and after it (live) meet without gap or repeat: live ones are held until the
 * backlog is out, and nothing at or below the last id written goes out again.
 */
export class LiveStream {
  private sentUpTo = 0;
  private held: LiveEvent[] | null = [];
  private closed = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly kinds: ReadonlySet<LiveEventKind>,
  ) {}

  get isClosed() {
    return this.closed || this.res.destroyed;
  }

  /** From the hub: written now, or held until the backlog is out. */
  live(event: LiveEvent) {
    if (this.held) this.held.push(event);
    else this.send(event);
  }

  /** After `resumeAfter`: the backlog from the log, then whatever arrived meanwhile. */
  ready(resumeAfter: number, backlog: readonly LiveEvent[]) {
    this.sentUpTo = Math.max(this.sentUpTo, resumeAfter);
    for (const event of backlog) this.send(event);
    const held = this.held ?? [];
    this.held = null;
    for (const event of held) this.send(event);
  }

  /** Tells the browser it missed more than the log holds: it refetches what it shows. */
  reset(upTo: number) {
    this.write(`event: ${LIVE_RESET_EVENT}\nid: ${upTo}\ndata: {}\n\n`);
    this.sentUpTo = Math.max(this.sentUpTo, upTo);
  }

  heartbeat() {
    this.write(': heartbeat\n\n');
  }

  /** An admin ended the session: the page is told why, then the stream closes. */
  endSession(code: SessionEndReason) {
    this.write(`event: ${LIVE_SESSION_ENDED_EVENT}\ndata: ${JSON.stringify({ code })}\n\n`);
    this.close();
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.res.end();
  }

  private send(event: LiveEvent) {
    const id = Number(event.id);
    if (id <= this.sentUpTo) return;
    this.sentUpTo = id;
    if (!this.kinds.has(event.kind)) return;
    this.write(`id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`);
  }

  private write(text: string) {
    if (this.isClosed) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.closed = true;
      this.res.destroy();
      return;
    }
    this.res.write(text);
  }
}
