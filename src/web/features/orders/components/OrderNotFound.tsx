import { NotFoundState } from '../../../shared/ui/states';

export function OrderNotFound() {
  return (
    <NotFoundState title="Order not found">
      <p>No order has this id, or it is not visible to your team.</p>
    </NotFoundState>
  );
}
