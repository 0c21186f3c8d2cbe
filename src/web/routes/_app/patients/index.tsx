import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { patientsQueryOptions } from '../../../features/patients/api/patients';
import { PatientsPage } from '../../../features/patients/components/PatientsPage';

export const Route = createFileRoute('/_app/patients/')({
  staticData: { permission: 'patients.read', title: 'Patients' },
  validateSearch: z.object({ q: z.string().max(200).optional() }),
  loaderDeps: ({ search }) => ({ q: search.q ?? '' }),
  loader: async ({ context: { queryClient, forbidden }, deps }) => {
    if (forbidden) return;
    await queryClient.query({ ...patientsQueryOptions(deps.q), staleTime: 'static' });
  },
  component: PatientsRoute,
});

function PatientsRoute() {
  const { session } = Route.useRouteContext();
  const { q } = Route.useSearch();
  return <PatientsPage key={q ?? ''} role={session.account.role} search={q ?? ''} />;
}
