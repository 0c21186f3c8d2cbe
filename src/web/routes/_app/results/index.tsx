import { createFileRoute } from '@tanstack/react-router';
import { ResultsInboxPage } from '../../../features/results/components/ResultsInboxPage';
import { inboxSearchSchema } from '../../../features/results/lib/inboxSearch';

export const Route = createFileRoute('/_app/results/')({
  staticData: { permission: 'results.read', title: 'Results inbox' },
  validateSearch: inboxSearchSchema,
  component: InboxRoute,
});

function InboxRoute() {
  const { session } = Route.useRouteContext();
  return <ResultsInboxPage search={Route.useSearch()} role={session.account.role} />;
}
