import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import './styles.css';

const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The page's own code (its component and loader, split from this entry) starts loading now,
// beside the session check, instead of after it: one round trip less before the page draws.
// A failed load is the router's to report when it loads the same chunk again.
for (const route of router.getMatchedRoutes(window.location.pathname)[0]) {
  router.loadRouteChunk(route)?.catch(() => undefined);
}

// The first render is a transition: React draws it in short slices, so a tap or a key press
// during start-up is answered between them instead of after the whole console has mounted.
// The loading text from index.html stays on screen until the console is ready to replace it.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
});
