import { createFileRoute } from '@tanstack/react-router';
import { LabTestsPage } from '../../features/lab-tests/components/LabTestsPage';

export const Route = createFileRoute('/_app/lab-tests')({
  staticData: { permission: 'catalogue.read', title: 'Lab tests' },
  component: LabTestsRoute,
});

function LabTestsRoute() {
  const { session } = Route.useRouteContext();
  return <LabTestsPage role={session.account.role} />;
}
