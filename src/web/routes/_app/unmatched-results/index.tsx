import { createFileRoute } from '@tanstack/react-router';
import { unmatchedResultsQueryOptions } from '../../../features/review/api/unmatchedResults';
import { ReviewErrorState } from '../../../features/review/components/ReviewErrorState';
import { UnmatchedResultsPage } from '../../../features/review/components/UnmatchedResultsPage';
import { queueSearchSchema } from '../../../features/review/lib/queueSearch';

export const Route = createFileRoute('/_app/unmatched-results/')({
  validateSearch: queueSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.query({ ...unmatchedResultsQueryOptions(deps), staleTime: 'static' }),
  component: QueueRoute,
  errorComponent: ReviewErrorState,
});

function QueueRoute() {
  const search = Route.useSearch();
  return <UnmatchedResultsPage search={search} />;
}
