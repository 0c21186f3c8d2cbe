import { createFileRoute, notFound } from '@tanstack/react-router';
import { PatientPage } from '../../../../features/patients/components/PatientPage';
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
  return <PatientPage userId={userId} role={session.account.role} />;
}
