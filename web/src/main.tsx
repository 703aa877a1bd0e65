import 'virtual:bloom-theme.css';
import './app/styles.css';
import { matchesPrerenderedLanding } from './prerender-context';

/**
 * index.html carries the landing page prerendered for a first-time visitor on `/`. Any other visit (another
 * route, a session, a remembered view) drops it at once, before it can flash on screen.
 *
 * The entry stays tiny so the browser paints the prerendered page first; React and the app (./boot) load right
 * after that first frame. With nothing prerendered (dev server, other visits) there is nothing to wait for.
 */
const root = document.getElementById('root');
if (root?.hasChildNodes() && !matchesPrerenderedLanding()) root.replaceChildren();

const boot = () => void import('./boot');
if (root?.hasChildNodes()) requestAnimationFrame(() => setTimeout(boot, 0));
else boot();

// The service worker (public/sw.js: offline shell, reminders) registers once the page has loaded, off its
// critical path; push and its permission are the reminder settings' business (features/reminders).
if ('serviceWorker' in navigator)
  addEventListener('load', () => void navigator.serviceWorker.register('/sw.js'));
