import { createFileRoute } from '@tanstack/react-router';
import {
  parsingJobsQueryOptions,
  reportPatientsQueryOptions,
} from '../../../features/lab-reports/api/parsingJobs';
import { LabReportsPage } from '../../../features/lab-reports/components/LabReportsPage';

export const Route = createFileRoute('/_app/lab-reports/')({
  staticData: { permission: 'reports.read', title: 'Lab reports' },
  loader: async ({ context: { queryClient, forbidden } }) => {
    if (forbidden) return;
    // The patients name the jobs in the list and fill the upload form's choice.
    await Promise.all([
      queryClient.query({ ...parsingJobsQueryOptions, staleTime: 'static' }),
      queryClient.query({ ...reportPatientsQueryOptions, staleTime: 'static' }),
    ]);
  },
  component: LabReportsRoute,
});

function LabReportsRoute() {
  const { session } = Route.useRouteContext();
  return <LabReportsPage role={session.account.role} />;
}
