import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import type { SessionResponse } from '../../../../contract/console';
import { can } from '../../../../contract/permissions';
import { canActOnOrders, canReadResults, canReadWearables } from '../../../shared/lib/permissions';
import { patientNamesQueryOptions } from '../../../shared/api/patients';
import { patientTitle } from '../../../shared/patients/names';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { orderQueryOptions } from '../../../shared/api/orders';
import { hasResults, OrderActions } from './OrderActions';
import { OrderFacts, OrderPatientFacts } from './OrderFacts';
import { DocumentsMenu } from './DocumentsMenu';
import { OrderHeader } from './OrderHeader';
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

/** `session` comes from the router's context (the `_app` route). */
export function OrderPage({ orderId, session }: { orderId: string; session: SessionResponse }) {
  const { data: order } = useSuspenseQuery(orderQueryOptions(orderId));
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

  const canAct = canActOnOrders(role);
  const method = order.details.type;

  return (
    <>
      {justPlaced ? (
        <p role="status" className="notice notice--success">
          Order placed: {order.lab_test.name}
          {order.patient_details ? ` for ${title}` : ''}.
        </p>
      ) : null}
      <OrderHeader
        order={order}
        title={title}
        abilities={{ canAct, canReadResults: readsResults }}
        wearablesLink={canReadWearables(role)}
        patientLink={can(role, 'patients.read')}
        documents={<DocumentsMenu order={order} role={role} />}
      />
      {/* What happens to the order on the left; what it is, on the right (below on phones). */}
      <div className="order-page-layout">
        <div>
          {readsResults && hasResults(order) ? (
            <div id="results">
              <OrderResults orderId={order.id} />
            </div>
          ) : null}
          {method === 'at_home_phlebotomy' ? (
            <div id="appointment">
              <PhlebotomyPanel order={order} canAct={canAct} />
            </div>
          ) : null}
          {method === 'walk_in_test' ? (
            <div id="walk-in">
              <WalkInPanel order={order} canAct={canAct} />
            </div>
          ) : null}
          {canAct ? (
            <div id="actions">
              <OrderActions order={order} canAct sandbox={sandbox} />
              {method === 'on_site_collection' ? (
                <div className="actions">
                  <OnSiteDraw order={order} />
                </div>
              ) : null}
              <ScheduledActivation order={order} />
            </div>
          ) : null}
          <div id="timeline">
            <OrderTimeline order={order} />
          </div>
          <OrderHistory order={order} readsResults={readsResults} />
        </div>
        <div>
          <OrderFacts order={order} />
          <OrderPatientFacts order={order} />
          <PatientMessages order={order} canAct={canAct} />
          <OrderShipment order={order} />
        </div>
      </div>
    </>
  );
}
