import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { matchesPrerenderedLanding } from './prerender-context';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// index.html carries the prerendered landing page (production builds). Hydrate it when this visit is the one
// it was rendered for; anywhere else (another route, a session, a remembered view) start from an empty root.
// As a transition, React does the work in small slices, so the page stays responsive meanwhile.
if (root.hasChildNodes() && matchesPrerenderedLanding()) {
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  root.replaceChildren();
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(app));
}
