// The floor of bench/lighthouse.mjs: what the framework alone costs. React 19, TanStack
// Router and TanStack Query, built by the console's own Vite from its own node_modules,
// drawing a 50-row orders table from one fetch through the same BFF. Nothing of the
// console's own code, so the gap between this page and the console's is the console's.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';

interface Order {
  id: string;
  created_at: string;
  patient_details: { first_name?: string; last_name?: string } | null;
  lab_test: { name?: string } | null;
  last_event: { status?: string } | null;
}

function OrdersTable() {
  const { data, isPending } = useQuery({
    queryKey: ['orders'],
    queryFn: async () => {
      const response = await fetch('/api/lab/v3/orders?page=1&size=50', {
        headers: { 'x-lab-console': '1' },
      });
      return ((await response.json()) as { orders: Order[] }).orders;
    },
  });
  if (isPending || !data) return <p>Loading…</p>;
  return (
    <table>
      <caption>Orders</caption>
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Patient</th>
          <th scope="col">Lab test</th>
          <th scope="col">Status</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {data.map((order) => (
          <tr key={order.id}>
            <td>{order.id.slice(0, 8)}</td>
            <td>
              {order.patient_details?.first_name} {order.patient_details?.last_name}
            </td>
            <td>{order.lab_test?.name}</td>
            <td>{order.last_event?.status}</td>
            <td>{new Date(order.created_at).toLocaleDateString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const rootRoute = createRootRoute({
  component: () => (
    <main>
      <h1>Orders</h1>
      <Outlet />
    </main>
  ),
});
const ordersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: OrdersTable,
});
const router = createRouter({ routeTree: rootRoute.addChildren([ordersRoute]) });
const queryClient = new QueryClient();

const element = document.getElementById('root');
if (element) {
  createRoot(element).render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
