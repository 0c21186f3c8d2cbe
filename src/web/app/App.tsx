import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { AppErrorBoundary } from './AppErrorBoundary';
import type { AppRouter } from './router';

export function App({ router }: { router: AppRouter }) {
  return (
    <AppErrorBoundary router={router}>
      <QueryClientProvider client={router.options.context.queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
