import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import type { LabAccount } from '../../../../contract/labAccount';
import type { LabTest, Marker } from '../../../../contract/labTest';
import {
  labAccountsQueryOptions,
  labMarkersQueryOptions,
  labTestsQueryOptions,
} from '../../../shared/api/catalogue';
import type { OrderForm } from './formTypes';

/*
 * What the order form reads of the team's lab accounts and tests. The form draws before
 * they arrive; each part that shows something of them reads them here, so their arrival
 * redraws those parts only, not the whole form at once.
 */

export type OrderSetMode = 'tests' | 'markers';

const NO_ACCOUNTS: readonly LabAccount[] = [];
const NO_TESTS: readonly LabTest[] = [];

/** The team's lab accounts and tests, empty until both are loaded. */
export function useOrderLists() {
  const accounts = useQuery(labAccountsQueryOptions);
  const labTests = useQuery(labTestsQueryOptions);
  return {
    accounts: accounts.data?.data ?? NO_ACCOUNTS,
    labTests: labTests.data ?? NO_TESTS,
  };
}

/** The lab account chosen in the form, once the accounts are loaded. */
export function useChosenAccount(form: OrderForm): LabAccount | null {
  const accounts = useQuery(labAccountsQueryOptions).data?.data ?? NO_ACCOUNTS;
  const accountId = useWatch({ control: form.control, name: 'lab_account_id' });
  return accounts.find((a) => a.id === accountId) ?? null;
}

/** The markers the order names: those of its tests, or the add-on markers chosen. */
export function useChosenMarkers(form: OrderForm, mode: OrderSetMode): Marker[] {
  const { data: labTests = NO_TESTS } = useQuery(labTestsQueryOptions);
  const account = useChosenAccount(form);
  const watchedTests = useWatch({ control: form.control, name: 'order_set.lab_test_ids' });
  const watchedMarkerIds = useWatch({ control: form.control, name: 'order_set.add_on.marker_ids' });
  const { data: markerPage } = useQuery({
    ...labMarkersQueryOptions(account?.lab ?? ''),
    enabled: mode === 'markers' && account !== null,
  });
  // A few tests of a few markers each: cheaper to find again than to memoise.
  if (mode === 'tests') {
    const chosenTests = watchedTests ?? [];
    return labTests.filter((t) => chosenTests.includes(t.id)).flatMap((t) => t.markers ?? []);
  }
  const all = [...(markerPage?.markers ?? []), ...labTests.flatMap((t) => t.markers ?? [])];
  return (watchedMarkerIds ?? []).flatMap((id) => all.find((m) => m.id === id) ?? []);
}
