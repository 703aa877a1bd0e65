import { DAY_LINK_PARAM } from '@bloom/shared/reminders/day-link';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { currentLocale, loadWebMessages } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Her language's messages before the first render (docs/rules.md#languages): only that language is fetched. No
// top-level await: the bundler would then split the modules the entry shares with this chunk out of the entry,
// and the landing's first load would fetch them as files of their own (test/browser/public.test.ts).
const locale = currentLocale();
const messages = loadWebMessages(locale);

async function render(into: HTMLElement) {
  const app = (
    <StrictMode>
      <App translations={{ locale, messages: await messages }} />
    </StrictMode>
  );
  // Markup still in the root is the prerendered landing page, and main.tsx kept it because this visit is the
  // one it was rendered for: hydrate it. As a transition, React works in small slices and the page stays
  // responsive.
  if (into.hasChildNodes()) {
    startTransition(() => {
      hydrateRoot(into, app);
    });
  } else {
    const reactRoot = createRoot(into);
    startTransition(() => reactRoot.render(app));
  }
}

// A reminder's link (`/?day=…`) opens that day: its code loads only then, never with the landing page.
if (new URLSearchParams(window.location.search).has(DAY_LINK_PARAM)) {
  void import('./app/open-day-link')
    .then(({ openDayFromLink }) => openDayFromLink())
    .finally(() => render(root));
} else {
  void render(root);
}
