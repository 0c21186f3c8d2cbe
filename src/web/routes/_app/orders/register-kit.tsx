import { createFileRoute } from '@tanstack/react-router';
import { RegisterKitPage } from '../../../features/ordering/components/RegisterKitPage';

export const Route = createFileRoute('/_app/orders/register-kit')({
  component: RegisterKitPage,
});
