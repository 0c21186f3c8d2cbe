import { createFileRoute } from '@tanstack/react-router';
import {
  parsingJobsQueryOptions,
  reportPatientsQueryOptions,
} from '../../../features/lab-reports/api/parsingJobs';
import {
  LabReportsPage,
  canUploadReports,
} from '../../../features/lab-reports/components/LabReportsPage';

export const Route = createFileRoute('/_app/lab-reports/')({
  loader: async ({ context: { queryClient, session } }) => {
    await Promise.all([
      queryClient.query({ ...parsingJobsQueryOptions, staleTime: 'static' }),
      canUploadReports(session.account.role)
        ? queryClient.query({ ...reportPatientsQueryOptions, staleTime: 'static' })
        : null,
    ]);
  },
  component: LabReportsRoute,
});

function LabReportsRoute() {
  const { session } = Route.useRouteContext();
  return <LabReportsPage role={session.account.role} />;
}
