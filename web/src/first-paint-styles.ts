/**
 * The styles of everything the prerendered landing paints (index.html carries its markup: src/prerender.tsx).
 * main.tsx imports this file, so these CSS modules are in the first stylesheet and the landing is styled before
 * any JavaScript runs (vite.config.ts keeps them there: `firstPaintStyles`); each stays its component's own
 * module, found already loaded when React arrives (src/boot-on-intent.ts). The browser journey
 * `first-paint.test.ts` checks that nothing the landing paints is left out. One `import './….module.css';` a line,
 * in the order the components nest (a component's own rules after the primitives it uses).
 */
import './app/layout.module.css';
import './components/button.module.css';
import './components/check-mark.module.css';
import './app/logo.module.css';
import './app/header.module.css';
import './features/landing/landing-page.module.css';
import './components/faq-list.module.css';
import './components/language-menu.module.css';
import './app/footer.module.css';
import './features/coach/coach-launcher.module.css';
