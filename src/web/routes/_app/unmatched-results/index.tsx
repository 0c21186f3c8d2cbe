import { createFileRoute } from '@tanstack/react-router';
import { unmatchedResultsQueryOptions } from '../../../features/review/api/unmatchedResults';
import { ReviewErrorState } from '../../../features/review/components/ReviewErrorState';
import { UnmatchedResultsPage } from '../../../features/review/components/UnmatchedResultsPage';
import { NotForYourRole } from '../../../features/review/components/NotForYourRole';
import { canReadUnmatchedResults } from '../../../features/review/lib/permissions';
import { queueSearchSchema } from '../../../features/review/lib/queueSearch';

export const Route = createFileRoute('/_app/unmatched-results/')({
  validateSearch: queueSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, session }, deps }) => {
    // Other roles see a short explanation; the BFF would refuse their calls anyway.
    if (!canReadUnmatchedResults(session.account.role)) return;
    await queryClient.query({ ...unmatchedResultsQueryOptions(deps), staleTime: 'static' });
  },
  component: QueueRoute,
  errorComponent: ReviewErrorState,
});

function QueueRoute() {
  const search = Route.useSearch();
  const { session } = Route.useRouteContext();
  if (!canReadUnmatchedResults(session.account.role)) return <NotForYourRole />;
  return <UnmatchedResultsPage search={search} />;
}
