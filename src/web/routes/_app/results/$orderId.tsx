import { createFileRoute, notFound } from '@tanstack/react-router';
import { ResultPage } from '../../../features/results/components/ResultPage';
import { isUuid } from '../../../shared/lib/ids';

export const Route = createFileRoute('/_app/results/$orderId')({
  staticData: { permission: 'results.read', title: 'Results' },
  loader: ({ params: { orderId } }) => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's control flow
    if (!isUuid(orderId)) throw notFound();
  },
  component: ResultRoute,
});

function ResultRoute() {
  const { orderId } = Route.useParams();
  const { session } = Route.useRouteContext();
  return <ResultPage orderId={orderId} role={session.account.role} />;
}
