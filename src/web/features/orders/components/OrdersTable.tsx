import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { Order } from '../../../../contract/order';
import { formatDate, formatDateTime, humanize } from '../../../shared/lib/format';
import { describeCollectionMethod } from '../../../shared/lib/labels';
import {
  DataTable,
  type DataColumn,
  type RowSelectionState,
  type SortState,
} from '../../../shared/ui/DataTable';
import { overdueLevel } from '../lib/ordersSearch';
import { BulkActions } from './BulkActions';
import { orderTitle } from './patient';
import { StatusText } from './StatusText';

export function OverdueBadge({ order, today }: { order: Order; today: string }) {
  const level = overdueLevel(order, today);
  if (level === null) return null;
  return (
    <span className={`badge badge--${level}`}>
      {level === 'very-late' ? 'Past worst case' : 'Overdue'}
    </span>
  );
}

const isDone = (order: Order) => /^(completed|cancelled|failed)\./.test(order.last_event.status);

function columns(today: string): DataColumn<Order>[] {
  return [
    {
      id: 'patient',
      header: 'Patient',
      meta: { label: 'Patient', rowHeader: true, sortable: true },
      cell: ({ row }) => (
        <Link to="/orders/$orderId" params={{ orderId: row.original.id }}>
          {orderTitle(row.original)}
        </Link>
      ),
    },
    {
      id: 'test',
      header: 'Lab test',
      meta: { label: 'Lab test' },
      cell: ({ row }) => row.original.lab_test.name,
    },
    {
      id: 'method',
      header: 'Collection method',
      meta: { label: 'Collection method', nowrap: true },
      cell: ({ row }) => describeCollectionMethod(row.original.details.type),
    },
    {
      id: 'status',
      header: 'Status',
      meta: { label: 'Status', sortable: true, nowrap: true },
      cell: ({ row }) => <StatusText status={row.original.last_event.status} />,
    },
    {
      id: 'created',
      header: 'Created',
      meta: { label: 'Created', sortable: true, nowrap: true },
      cell: ({ row }) => (
        <time dateTime={row.original.created_at}>{formatDateTime(row.original.created_at)}</time>
      ),
    },
    {
      id: 'expected',
      header: 'Expected result',
      meta: { label: 'Expected result', nowrap: true },
      cell: ({ row }) => {
        const order = row.original;
        return order.expected_result_by_date ? (
          <>
            <time dateTime={order.expected_result_by_date}>
              {formatDate(order.expected_result_by_date)}
            </time>
            {isDone(order) ? null : <OverdueBadge order={order} today={today} />}
          </>
        ) : (
          <span className="muted">Not yet known</span>
        );
      },
    },
    {
      id: 'interpretation',
      header: 'Interpretation',
      meta: { label: 'Interpretation', nowrap: true },
      cell: ({ row }) => {
        const interpretation = row.original.interpretation;
        return interpretation ? (
          <span className={interpretation === 'critical' ? 'badge badge--very-late' : undefined}>
            {humanize(interpretation)}
          </span>
        ) : (
          <span className="muted">None yet</span>
        );
      },
    },
  ];
}

interface OrdersTableProps {
  orders: Order[];
  caption: string;
  /** Whether the signed-in role may cancel orders (bulk cancel). */
  canAct: boolean;
  /** Columns remembered per account in this browser. */
  columnsKey: string;
  sort?: SortState | undefined;
  onSortChange?: ((sort: SortState) => void) | undefined;
  /** The whole-view export, shown with the bulk actions. */
  exportView?: ReactNode;
  /** The pager, at the end of the bar above the rows. */
  pager?: ReactNode;
}

/**
 * A page of orders in the shared data table: the patient's name opens the order (so does
 * Enter on a row); selected rows can be exported or, where allowed, cancelled together.
 */
export function OrdersTable(props: OrdersTableProps) {
  const navigate = useNavigate();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const today = new Date().toISOString().slice(0, 10);
  const selected = props.orders.filter((o) => selection[o.id]);

  return (
    <DataTable
      data={props.orders}
      columns={columns(today)}
      caption={props.caption}
      getRowId={(order) => order.id}
      rowLabel={orderTitle}
      openRow={(order) => void navigate({ to: '/orders/$orderId', params: { orderId: order.id } })}
      sort={props.sort}
      onSortChange={props.onSortChange}
      selection={selection}
      onSelectionChange={setSelection}
      columnsKey={props.columnsKey}
      toolbarEnd={props.pager}
      toolbar={
        <>
          {props.exportView}
          <BulkActions selected={selected} canAct={props.canAct} onDone={() => setSelection({})} />
        </>
      }
    />
  );
}
