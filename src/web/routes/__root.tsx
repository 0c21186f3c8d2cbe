import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router';
import { StandaloneError, StandaloneNotFound } from '../shared/ui/states';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  errorComponent: StandaloneError,
  notFoundComponent: StandaloneNotFound,
});

function Root() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <Outlet />
    </>
  );
}
