import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PATIENTS_PAGE_SIZE, patientsQueryOptions } from '../../../shared/api/patients';
import { PatientsPage } from '../../../features/patients/components/PatientsPage';
import { lenient, pageNumber, text } from '../../../shared/lib/searchParams';

export const Route = createFileRoute('/_app/patients/')({
  staticData: { permission: 'patients.read', title: 'Patients' },
  validateSearch: v.object({
    q: v.optional(text(200)),
    page: lenient(v.pipe(v.unknown(), v.transform(Number), pageNumber)),
  }),
  loaderDeps: ({ search }) => ({ q: search.q ?? '', page: search.page ?? 1 }),
  loader: async ({ context: { queryClient, forbidden }, deps }) => {
    if (forbidden || deps.q) return;
    await queryClient.query({
      ...patientsQueryOptions((deps.page - 1) * PATIENTS_PAGE_SIZE),
      staleTime: 'static',
    });
  },
  component: PatientsRoute,
});

function PatientsRoute() {
  const { session } = Route.useRouteContext();
  const { q, page } = Route.useSearch();
  return (
    <PatientsPage key={q ?? ''} role={session.account.role} search={q ?? ''} page={page ?? 1} />
  );
}
