import 'virtual:bloom-theme.css';
import './app/styles.css';
import './first-paint-styles';
import { bootOnIntent } from './boot-on-intent';
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

const boot = () => import('./boot');
if (root?.hasChildNodes()) bootOnIntent(root, boot);
else void boot();

// The service worker (public/sw.js: offline shell, reminders) registers once the page has loaded, off its
// critical path; push and its permission are the reminder settings' business (features/reminders).
if ('serviceWorker' in navigator)
  addEventListener('load', () => void navigator.serviceWorker.register('/sw.js'));
