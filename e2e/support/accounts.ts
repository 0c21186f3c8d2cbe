import { DEMO_ACCOUNTS } from '../../src/bff/demoAccounts';
import type { Role } from '../../src/contract';

/** The demo accounts `npm start` prints for the local Lab API, by role. */
export const DEMO = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.role, a])) as Record<
  Role,
  (typeof DEMO_ACCOUNTS)[number]
>;
