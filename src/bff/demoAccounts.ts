import type { Role } from '../contract';

/** Created only when the console runs against the embedded local Lab API. */
export const DEMO_ACCOUNTS: readonly {
  email: string;
  name: string;
  role: Role;
  password: string;
}[] = [
  {
    email: 'coordinator@demo.test',
    name: 'Casey Coordinator',
    role: 'coordinator',
    password: 'demo-coordinator',
  },
  { email: 'ops@demo.test', name: 'Oliver Ops', role: 'ops', password: 'demo-ops' },
  {
    email: 'clinician@demo.test',
    name: 'Dr. Cleo Clinician',
    role: 'clinician',
    password: 'demo-clinician',
  },
  { email: 'admin@demo.test', name: 'Ada Admin', role: 'admin', password: 'demo-admin' },
];
