import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Order } from '../../../../contract/order';
import { formatDate } from '../../../shared/lib/format';
import { describeCollectionMethod } from '../../../shared/lib/labels';
import { buttonClass } from '../../../shared/ui/Button';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { nextStep, type StepAbilities } from '../lib/nextStep';
import './orderPage.css';

interface OrderHeaderProps {
  order: Order;
  /** The patient's name, or what stands for it on an unregistered kit. */
  title: string;
  abilities: StepAbilities;
  wearablesLink: boolean;
  patientLink: boolean;
  /** The documents menu, beside the next step. */
  documents: ReactNode;
}

/**
 * The top of the order page: whose order, which test, where it stands and what to do next.
 * Everything else on the page is detail below it; the next step jumps to its section.
 */
export function OrderHeader({
  order,
  title,
  abilities,
  wearablesLink,
  patientLink,
  documents,
}: OrderHeaderProps) {
  const step = nextStep(order, abilities);
  const expected = order.expected_result_by_date;
  return (
    <header className="order-header">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/orders">Orders</Link>
        <span aria-hidden="true"> › </span>
        {patientLink ? (
          <Link to="/patients/$userId" params={{ userId: order.user_id }}>
            {title}
          </Link>
        ) : (
          <span>{title}</span>
        )}
        {wearablesLink ? (
          <>
            <span aria-hidden="true"> · </span>
            <Link to="/patients/$userId/wearables" params={{ userId: order.user_id }}>
              Wearables
            </Link>
          </>
        ) : null}
      </nav>
      <div className="order-header__main">
        <div>
          <h1>
            {title} <span className="h1-sub">{order.lab_test.name}</span>
          </h1>
          <p className="order-header__facts">
            <StatusBadge status={order.last_event.status} showStage />
            <span>{describeCollectionMethod(order.details.type)}</span>
            {order.lab_test.lab ? <span>{order.lab_test.lab.name}</span> : null}
            {expected ? (
              <span>
                Results expected <time dateTime={expected}>{formatDate(expected)}</time>
              </span>
            ) : null}
          </p>
        </div>
        <div className="order-header__actions">
          {documents}
          {step ? (
            <a className={`${buttonClass()} order-header__next`} href={`#${step.section}`}>
              {step.label}
            </a>
          ) : null}
        </div>
      </div>
    </header>
  );
}
