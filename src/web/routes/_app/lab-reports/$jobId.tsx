import { createFileRoute, notFound } from '@tanstack/react-router';
import { ParsingJobPage } from '../../../features/lab-reports/components/ParsingJobPage';
import { isUuid } from '../../../shared/lib/ids';

export const Route = createFileRoute('/_app/lab-reports/$jobId')({
  staticData: { permission: 'reports.read', title: 'Lab report' },
  beforeLoad: ({ params }) => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's control flow
    if (!isUuid(params.jobId)) throw notFound();
  },
  component: JobRoute,
});

function JobRoute() {
  const { jobId } = Route.useParams();
  return <ParsingJobPage jobId={jobId} />;
}
