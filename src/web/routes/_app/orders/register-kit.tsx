import { createFileRoute } from '@tanstack/react-router';
import { RegisterKitPage } from '../../../features/order-forms/components/RegisterKitPage';

export const Route = createFileRoute('/_app/orders/register-kit')({
  staticData: { permission: 'orders.write', title: 'Register a test kit' },
  component: RegisterKitPage,
});
