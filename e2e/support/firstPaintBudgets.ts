/*
 * Each page's first-paint JavaScript, gzip KB, at most (scripts/firstPaintBytes.mjs says what
 * counts). Set a few KB above what the page loads today, so that growth is a decision: a
 * change that needs more raises the page's line here and says why in its commit; one that
 * saves lowers it. Keys are the page's route file under src/web/routes/.
 */
export const FIRST_PAINT_BUDGET_KB: Readonly<Record<string, number>> = {
  '_app/admin/accounts.tsx': 250,
  '_app/admin/api-keys.tsx': 238,
  '_app/admin/audit.tsx': 235,
  '_app/admin/management-keys.tsx': 223,
  '_app/admin/teams.tsx': 234,
  '_app/admin/webhook-endpoints.tsx': 241,
  '_app/admin/webhooks.tsx': 177,
  '_app/lab-reports/$jobId.tsx': 183,
  '_app/lab-reports/index.tsx': 252,
  '_app/lab-tests.tsx': 240,
  '_app/orders/$orderId.tsx': 258,
  '_app/orders/import.tsx': 270,
  '_app/orders/index.tsx': 266,
  '_app/orders/new-kit.tsx': 272,
  '_app/orders/new.tsx': 282,
  '_app/orders/register-kit.tsx': 278,
  '_app/patients/$userId/index.tsx': 242,
  '_app/patients/$userId/wearables.tsx': 256,
  '_app/patients/index.tsx': 206,
  '_app/results/$orderId.tsx': 239,
  // The inbox reads each flagged row's result to name its markers and their direction.
  '_app/results/index.tsx': 242,
  '_app/unmatched-results/$resultId.tsx': 227,
  '_app/unmatched-results/index.tsx': 233,
  '_app/wearables/index.tsx': 242,
  'invitation.tsx': 164,
  'sign-in.tsx': 168,
};
