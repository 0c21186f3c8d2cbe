import { EventEmitter } from 'node:events';
import type { SessionEndReason } from '../../../contract';

export type SessionEndListener = (accountId: string, reason: SessionEndReason) => void;

/**
 * The port between what ends an account's sessions (the admin accounts room) and what
 * holds connections open on them (the live room): the sessions are marked ended in the
 * store, then announced here so this replica's open streams close at once. Streams on
 * other replicas find the session ended at their next heartbeat.
 */
export class SessionEnds {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  announce(accountId: string, reason: SessionEndReason): void {
    this.emitter.emit('ended', accountId, reason);
  }

  subscribe(listener: SessionEndListener): () => void {
    this.emitter.on('ended', listener);
    return () => this.emitter.off('ended', listener);
  }
}
