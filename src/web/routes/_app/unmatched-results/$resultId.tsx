import { createFileRoute, notFound } from '@tanstack/react-router';
import { unmatchedResultQueryOptions } from '../../../features/unmatched-results/api/unmatchedResults';
import { UnmatchedResultsErrorState } from '../../../features/unmatched-results/components/UnmatchedResultsErrorState';
import { UnmatchedResultPage } from '../../../features/unmatched-results/components/UnmatchedResultPage';
import { isApiError } from '../../../shared/api/client';
import { isUuid } from '../../../shared/lib/ids';

export const Route = createFileRoute('/_app/unmatched-results/$resultId')({
  staticData: { permission: 'review.read', title: 'Unmatched result' },
  loader: async ({ context: { queryClient, forbidden }, params: { resultId } }) => {
    if (forbidden) return;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's control flow
    if (!isUuid(resultId)) throw notFound();
    try {
      await queryClient.query({ ...unmatchedResultQueryOptions(resultId), staleTime: 'static' });
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's control flow
      if (isApiError(error) && (error.status === 404 || error.status === 422)) throw notFound();
      throw error;
    }
  },
  component: ResultRoute,
  errorComponent: UnmatchedResultsErrorState,
  notFoundComponent: () => (
    <div className="state">
      <h1>Unmatched result not found</h1>
      <p>It does not exist or is no longer open for review.</p>
    </div>
  ),
});

function ResultRoute() {
  const { resultId } = Route.useParams();
  const { session } = Route.useRouteContext();
  return <UnmatchedResultPage resultId={resultId} role={session.account.role} />;
}
