import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { sessionQueryOptions } from '../../auth/api/session';
import { can } from '../../../../contract/permissions';
import { canActOnOrders, canReadResults, canReadWearables } from '../../../shared/lib/permissions';
import { patientNamesQueryOptions } from '../../patients/api/patients';
import { patientTitle } from '../../patients/lib/naming';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { orderQueryOptions } from '../api/orders';
import { hasResults, OrderActions } from './OrderActions';
import { OrderFacts, OrderPatientFacts } from './OrderFacts';
import { DocumentsMenu } from './DocumentsMenu';
import { OrderHistory } from './OrderHistory';
import { OrderShipment } from './OrderRelations';
import { OrderResults } from './OrderResults';
import { OrderTimeline } from './OrderTimeline';
import { OnSiteDraw } from './OnSiteDraw';
import { PatientMessages } from './PatientMessages';
import { PhlebotomyPanel } from './PhlebotomyPanel';
import { ScheduledActivation } from './ScheduledActivation';
import { WalkInPanel } from './walk-in/WalkInPanel';
import { orderTitle } from './patient';

export function OrderPage({ orderId }: { orderId: string }) {
  const { data: order } = useSuspenseQuery(orderQueryOptions(orderId));
  const { data: session } = useSuspenseQuery(sessionQueryOptions);
  const role = session.account.role;
  // A kit not yet registered carries no patient details: its patient's demographics name it.
  const names = useQuery({
    ...patientNamesQueryOptions([order.user_id]),
    enabled: !order.patient_details && can(role, 'patients.read'),
  });
  const title = order.patient_details
    ? orderTitle(order)
    : patientTitle(names.data?.get(order.user_id), 'Unregistered kit');
  usePageTitle(`${title}: ${order.lab_test.name}`);
  const sandbox = ['local', 'sandbox'].includes(session.upstream.environment);
  const readsResults = canReadResults(role);
  const justPlaced = useRouterState({
    select: (state) => state.location.state.orderPlaced === true,
  });

  return (
    <>
      {justPlaced ? (
        <p role="status" className="notice notice--success">
          Order placed: {order.lab_test.name}
          {order.patient_details ? ` for ${title}` : ''}.
        </p>
      ) : null}
      <p className="breadcrumb">
        <Link to="/orders">Back to orders</Link>
        {canReadWearables(role) ? (
          <>
            {' · '}
            <Link to="/patients/$userId/wearables" params={{ userId: order.user_id }}>
              Wearables
            </Link>
          </>
        ) : null}
      </p>
      <h1>
        {title} <span className="h1-sub">{order.lab_test.name}</span>
      </h1>
      <OrderFacts order={order} />
      <OrderPatientFacts order={order} />
      <DocumentsMenu order={order} role={role} />
      {canActOnOrders(role) ? <OrderActions order={order} canAct sandbox={sandbox} /> : null}
      {canActOnOrders(role) && order.details.type === 'on_site_collection' ? (
        <div className="actions">
          <OnSiteDraw order={order} />
        </div>
      ) : null}
      {canActOnOrders(role) ? <ScheduledActivation order={order} /> : null}
      <OrderTimeline order={order} />
      {readsResults && hasResults(order) ? <OrderResults orderId={order.id} /> : null}
      {order.details.type === 'at_home_phlebotomy' ? (
        <PhlebotomyPanel order={order} canAct={canActOnOrders(role)} />
      ) : null}
      {order.details.type === 'walk_in_test' ? (
        <WalkInPanel order={order} canAct={canActOnOrders(role)} />
      ) : null}
      <PatientMessages order={order} canAct={canActOnOrders(role)} />
      <OrderShipment order={order} />
      <OrderHistory order={order} readsResults={readsResults} />
    </>
  );
}
