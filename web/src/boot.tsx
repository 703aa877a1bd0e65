import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { openDayFromLink } from './app/open-day-link';

openDayFromLink();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Markup still in the root is the prerendered landing page, and main.tsx kept it because this visit is the one
// it was rendered for: hydrate it. As a transition, React works in small slices and the page stays responsive.
if (root.hasChildNodes()) {
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(app));
}
