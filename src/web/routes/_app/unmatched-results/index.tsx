import { createFileRoute } from '@tanstack/react-router';
import { unmatchedResultsQueryOptions } from '../../../features/review/api/unmatchedResults';
import { ReviewErrorState } from '../../../features/review/components/ReviewErrorState';
import { UnmatchedResultsPage } from '../../../features/review/components/UnmatchedResultsPage';
import { queueSearchSchema } from '../../../features/review/lib/queueSearch';

export const Route = createFileRoute('/_app/unmatched-results/')({
  staticData: { permission: 'review.read', title: 'Unmatched results' },
  validateSearch: queueSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, forbidden }, deps }) => {
    if (forbidden) return;
    await queryClient.query({ ...unmatchedResultsQueryOptions(deps), staleTime: 'static' });
  },
  component: QueueRoute,
  errorComponent: ReviewErrorState,
});

function QueueRoute() {
  return <UnmatchedResultsPage search={Route.useSearch()} />;
}
