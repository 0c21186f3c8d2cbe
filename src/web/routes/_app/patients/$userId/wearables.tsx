import { createFileRoute, notFound } from '@tanstack/react-router';
import { WearablesView } from '../../../../features/wearables/components/WearablesView';
import { wearablesSearchSchema } from '../../../../features/wearables/lib/search';
import { isUuid } from '../../../../shared/lib/ids';

export const Route = createFileRoute('/_app/patients/$userId/wearables')({
  staticData: { permission: 'wearables.read', title: 'Wearables' },
  validateSearch: wearablesSearchSchema,
  beforeLoad: ({ params: { userId } }) => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's control flow
    if (!isUuid(userId)) throw notFound();
  },
  component: WearablesRoute,
});

function WearablesRoute() {
  const { userId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { session } = Route.useRouteContext();
  return (
    <WearablesView
      userId={userId}
      role={session.account.role}
      search={search}
      onSearch={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
