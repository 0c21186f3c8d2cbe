import type { ConformanceClient } from './client';

/*
 * The conformance table: one entry per document operation the local Lab API serves,
 * each with the cases that drive it. A case makes real requests through the client,
 * which checks every exchange against the document; the entry's operation must answer
 * at least one of them with a status the document declares.
 *
 * Adding an operation to the local Lab API means adding an entry here (the suite fails
 * on a served operation without one): name the document operation as the document
 * writes it (`POST /v3/order/{order_id}/cancel`) and give the requests that drive it.
 */

export interface ConformanceContext {
  api: ConformanceClient;
  /** The local Lab API's "today" (UTC), from its fixed clock. */
  today: string;
  /** Order ids a case has taken: each case takes orders no other case has touched. */
  taken: Set<string>;
}

export interface OperationCase {
  /** What the case shows, as the report names it. */
  name: string;
  run(ctx: ConformanceContext): Promise<void>;
}

export interface OperationCheck {
  /** `METHOD /path/{param}` exactly as the document writes it. */
  operation: string;
  cases: OperationCase[];
}
