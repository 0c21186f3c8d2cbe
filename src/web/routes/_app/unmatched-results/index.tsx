import { createFileRoute } from '@tanstack/react-router';
import { unmatchedResultsQueryOptions } from '../../../features/unmatched-results/api/unmatchedResults';
import { UnmatchedResultsErrorState } from '../../../features/unmatched-results/components/UnmatchedResultsErrorState';
import { UnmatchedResultsPage } from '../../../features/unmatched-results/components/UnmatchedResultsPage';
import { queueSearchSchema } from '../../../features/unmatched-results/lib/queueSearch';

export const Route = createFileRoute('/_app/unmatched-results/')({
  staticData: { permission: 'review.read', title: 'Unmatched results' },
  validateSearch: queueSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, forbidden }, deps }) => {
    if (forbidden) return;
    await queryClient.query({ ...unmatchedResultsQueryOptions(deps), staleTime: 'static' });
  },
  component: QueueRoute,
  errorComponent: UnmatchedResultsErrorState,
});

function QueueRoute() {
  return <UnmatchedResultsPage search={Route.useSearch()} />;
}
