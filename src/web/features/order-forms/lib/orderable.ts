import type { LabAccount } from '../../../../contract/labAccount';
import type { LabTest } from '../../../../contract/labTest';
import { humanize } from '../../../shared/lib/format';

/*
 * What the order forms offer: only what the Lab API will place. The API refuses an order on
 * an account that is not active (docs/lab-api-facts.md), so such an account is shown with
 * its reason but cannot be chosen, and a test is offered only where an active account of
 * its lab can carry it. The new-order and new-kit forms apply the same rule.
 */

/** Why an account cannot carry an order, or null when it can. */
export function accountUnavailable(account: LabAccount): string | null {
  if (account.status === 'active') return null;
  return `Unavailable: this account is ${humanize(account.status).toLowerCase()}, and orders can be placed once the lab activates it`;
}

export const activeAccounts = (accounts: readonly LabAccount[]) =>
  accounts.filter((a) => accountUnavailable(a) === null);

/** Active tests of a lab that an active account of the team serves. */
export function orderableTests(tests: readonly LabTest[], accounts: readonly LabAccount[]) {
  const labs = new Set(activeAccounts(accounts).map((a) => a.lab));
  return tests.filter((t) => t.status === 'active' && t.lab && labs.has(t.lab.slug));
}

/** The collection methods the offered tests are collected by, in the order given. */
export function methodsOf(tests: readonly LabTest[], order: readonly string[]) {
  const methods = new Set(tests.map((t) => t.method));
  return order.filter((m) => methods.has(m));
}
