import 'virtual:bloom-theme.css';
import './app/styles.css';

/**
 * The entry stays tiny so the browser paints the prerendered landing page first; React and the app (./boot)
 * load right after that first frame. Without prerendered markup (dev server) there is nothing to wait for.
 */
const boot = () => void import('./boot');
if (document.getElementById('root')?.hasChildNodes()) requestAnimationFrame(() => setTimeout(boot, 0));
else boot();
