import { Link } from '@tanstack/react-router';
import type { Role } from '../../../../contract/console';
import { canCreateOrders, describeRole } from '../../../shared/lib/permissions';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { OrderFormPage } from '../../ordering/components/OrderFormPage';

/** New order: the full form for ordering roles, an explanation for the others. */
export function NewOrderPage({ role, userId }: { role: Role; userId?: string | undefined }) {
  usePageTitle('New order');
  if (!canCreateOrders(role)) {
    return (
      <>
        <h1>New order</h1>
        <p>
          Orders are created by care coordinators and admins. Your role ({describeRole(role)}) can
          read orders.
        </p>
        <p>
          <Link to="/orders">Back to orders</Link>
        </p>
      </>
    );
  }
  return <OrderFormPage initialUserId={userId} />;
}
