import type { Role } from './console';

/*
 * Who may do what in the console: the one permission table. The BFF's allow-list names
 * a permission for every Lab API call and checks it; the SPA's router and navigation read
 * the same table to keep a role away from pages it cannot use; the README's role table is
 * generated from it (`npm run docs:roles`, checked in CI).
 *
 * Least privilege, on purpose: each role gets what its daily work needs and no more.
 * Admins run the console (accounts, audit trail, webhooks, keys, the lab test catalogue)
 * and read orders to support the others; they do not place orders or read clinical results.
 */

interface PermissionRule {
  roles: readonly Role[];
  /** What the permission allows, in the words of the README's table. */
  allows: string;
  /** Why these roles and not others. */
  why: string;
}

export const PERMISSIONS = {
  'orders.read': {
    roles: ['coordinator', 'ops', 'clinician', 'admin'],
    allows: 'list and open orders, their timelines and appointments',
    why: 'every role follows orders: ops match results to them, admins support the others',
  },
  'orders.write': {
    roles: ['coordinator'],
    allows:
      'place, cancel and simulate orders, test kits, book phlebotomy and walk-in appointments',
    why: 'ordering is the care coordinators’ work',
  },
  'patients.read': {
    roles: ['coordinator', 'ops', 'clinician'],
    allows: 'search patients and open a patient',
    why: 'ops choose the patient a lab report belongs to; admins have no need for patient records',
  },
  'patients.write': {
    roles: ['coordinator'],
    allows: 'create, delete and restore patients',
    why: 'patients are created where orders are placed',
  },
  'orders.documents': {
    roles: ['coordinator', 'clinician'],
    allows: 'print an order’s labels, ABN and collection instructions',
    why: 'the papers of a draw go with the patient: coordinators and clinicians hand them over',
  },
  'results.read': {
    roles: ['coordinator', 'clinician'],
    allows: 'read lab results, result documents and the results inbox',
    why: 'results are clinical: ops follow statuses, admins manage the console',
  },
  'results.acknowledge': {
    roles: ['clinician'],
    allows: 'acknowledge results in the results inbox',
    why: 'acknowledging a result is a clinical decision',
  },
  'wearables.read': {
    roles: ['coordinator', 'clinician'],
    allows: 'read wearable charts',
    why: 'wearable data is clinical',
  },
  'review.read': {
    roles: ['ops'],
    allows: 'read the queue of unmatched results',
    why: 'reviewing results that matched no order is the ops staff’s work',
  },
  'review.act': {
    roles: ['ops'],
    allows: 'accept, reject or escalate unmatched results',
    why: 'reviewing results that matched no order is the ops staff’s work',
  },
  'reports.read': {
    roles: ['coordinator', 'ops', 'clinician'],
    allows: 'read lab-report parsing jobs and their extracted results',
    why: 'parsed reports hold clinical values',
  },
  'reports.upload': {
    roles: ['coordinator', 'ops'],
    allows: 'upload lab reports for parsing',
    why: 'reports arrive at the coordinators and ops staff',
  },
  'catalogue.read': {
    roles: ['coordinator', 'ops', 'clinician', 'admin'],
    allows: 'read the lab test catalogue and markers',
    why: 'the catalogue holds no patient data and names what orders hold',
  },
  'labAccounts.read': {
    roles: ['coordinator', 'admin'],
    allows: 'read the team’s lab accounts',
    why: 'coordinators order on them; admins make custom panels for them',
  },
  'catalogue.write': {
    roles: ['admin'],
    allows: 'create and change the team’s custom panels',
    why: 'the catalogue is team configuration',
  },
  administration: {
    roles: ['admin'],
    allows: 'console accounts, the audit trail, webhooks, keys and team settings',
    why: 'running the console is the admins’ work',
  },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly Role[]).includes(role);
}

export function rolesWith(permission: Permission): readonly Role[] {
  return PERMISSIONS[permission].roles;
}
