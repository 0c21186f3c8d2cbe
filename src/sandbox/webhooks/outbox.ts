import { randomBytes } from 'node:crypto';
import type { LabWebhookEventType } from '../../contract/webhooks';
import type { SandboxDb } from '../store/database';

/*
 * The outbox: every change the Lab API announces is written here as a message, by the
 * same code that makes the change, so the announcement is as durable as the change. The
 * sender (`sender.ts`) fans each message out to the endpoints and delivers it; a restart
 * finds in the table whatever it had not yet delivered.
 */

/** The envelope of docs/lab-api-facts.md §12; match-review and parsing-job events carry no user ids. */
export interface OutgoingEnvelope {
  event_type: LabWebhookEventType;
  data: object;
  team_id: string;
  user_id?: string;
  client_user_id?: string;
}

/**
 * Senders listening for new messages. Store functions are handed only the database (often
 * a transaction), so they cannot reach their app's sender; a write wakes every sender of
 * the process instead, and each looks in its own store, so a wake-up meant for another
 * app costs one empty query.
 */
const listeners = new Set<() => void>();

export function onMessageWritten(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Svix-looking message id (`msg_` and 27 base-62 characters), unique per message. */
export function newMessageId(): string {
  const bytes = randomBytes(27);
  let id = 'msg_';
  for (const byte of bytes) id += BASE62.charAt(byte % 62);
  return id;
}

/** Writes one message; it goes to the endpoints registered when the sender next runs. */
export async function writeMessage(db: SandboxDb, envelope: OutgoingEnvelope): Promise<string> {
  const id = newMessageId();
  await db
    .insertInto('webhook_message')
    .values({
      id,
      team_id: envelope.team_id,
      event_type: envelope.event_type,
      payload: JSON.stringify(envelope),
      // Real time, not the app's clock: a test's fixed clock must not age the deliveries.
      created_at: new Date().toISOString(),
    })
    .execute();
  // After the caller's transaction (if any) commits, the sender's query sees the row: the
  // store has one connection, so the sender's read waits for the transaction to end.
  for (const listener of listeners) listener();
  return id;
}
