import { createFileRoute, notFound } from '@tanstack/react-router';
import { PatientPage } from '../../../../features/patients/components/PatientPage';
import { LatestResults } from '../../../../features/results/components/LatestResults';
import { PatientTrends } from '../../../../features/results/components/PatientTrends';
import { isUuid } from '../../../../shared/lib/ids';

export const Route = createFileRoute('/_app/patients/$userId/')({
  staticData: { permission: 'patients.read', title: 'Patient' },
  loader: ({ params: { userId } }) => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's control flow
    if (!isUuid(userId)) throw notFound();
  },
  component: PatientRoute,
});

function PatientRoute() {
  const { userId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const role = session.account.role;
  // The patient's page shows the results feature's latest values and trends below its own.
  return (
    <PatientPage userId={userId} role={role}>
      <LatestResults userId={userId} role={role} />
      <PatientTrends userId={userId} role={role} />
    </PatientPage>
  );
}
