import type { SandboxDb } from '../store/database';

/** What every route plugin is given: the store, the key's team and the clock. */
export interface RouteContext {
  db: SandboxDb;
  teamId: string;
  now: () => Date;
}
