import 'virtual:bloom-theme.css';
import './app/styles.css';
import './first-paint-styles';
import { bootOnIntent } from './boot-on-intent';
import { startEarlyWeek } from './lib/api/early-week';
import { loadWebMessages } from './lib/i18n/load-messages';
import { currentLocale } from './lib/i18n/locale-store';
import { matchesPrerenderedLanding } from './prerender-context';

/**
 * index.html carries the landing page prerendered for a first-time visitor on `/`. Any other visit (another
 * route, a session, a remembered view) drops it at once, before it can flash on screen, and loads the app.
 *
 * The entry stays tiny: on the prerendered landing, React and the app (./boot) load only when the visitor
 * reaches for the page (./boot-on-intent), so a first load is this file and the CSS: the global sheet and the
 * modules of what the landing paints (./first-paint-styles). With nothing
 * prerendered (dev server, other visits) the app loads at once.
 */
const root = document.getElementById('root');
if (root?.hasChildNodes() && !matchesPrerenderedLanding()) root.replaceChildren();

const locale = currentLocale();

// A returning user's week is asked for now (./lib/api/early-week.ts), and the planner's code is fetched beside
// React's rather than after it has run; with it, her activities' names in her language, so the week, which may
// well arrive first, is shown with them (features/planner/i18n.ts).
if (startEarlyWeek(locale)) {
  void import('./app/signed-in-home').then((home) => home.preloadActivityNames(locale));
  // The two chunks the planner imports on mount, once signed in, which would otherwise be asked for only after
  // ./boot and the planner's chunk have run: her language saved on her profile, and writes kept on this device.
  void import('./app/profile-language');
  void import('./lib/api/persisted-writes');
}

const boot = () => import('./boot');
if (root?.hasChildNodes()) bootOnIntent(root, boot);
else {
  // Her language's messages, which ./boot awaits before the first render, are fetched beside its scripts
  // rather than once they have run (the same chunk: the second import is the first one's module).
  loadWebMessages(locale).catch(() => {});
  void boot();
}

// The service worker (public/sw.js: offline shell, reminders) registers once the page has loaded, off its
// critical path; push and its permission are the reminder settings' business (features/reminders).
if ('serviceWorker' in navigator)
  addEventListener('load', () => void navigator.serviceWorker.register('/sw.js'));
