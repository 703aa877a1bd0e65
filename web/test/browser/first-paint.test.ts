import { expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, setUpBloom } from './harness';

const bloom = setUpBloom();

/**
 * The landing is painted from the prerendered HTML before React loads (web/README.md, "How the first load stays
 * small"), so the first stylesheet must style all of it: each component's CSS module it shows is listed in
 * src/first-paint-styles.ts. A page that has not been reached for yet has run none of the app's code.
 */
it('the first stylesheet styles every class the prerendered landing paints, before any of the app loads', async () => {
  const context = await bloom.browser.newContext({
    viewport: DESKTOP_VIEWPORT,
    baseURL: bloom.url,
    ignoreHTTPSErrors: true,
  });
  try {
    const page = await context.newPage();
    // Not the harness's page.goto: the pointer stays still, so React and the app do not load.
    await page.goto('/', { waitUntil: 'load' });
    const painted = await page.evaluate(() => {
      const selectors: string[] = [];
      const collect = (rules: CSSRuleList) => {
        for (const rule of Array.from(rules)) {
          if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
          if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
      const classes = new Set(
        Array.from(document.querySelectorAll('#root [class]')).flatMap((element) => [...element.classList]),
      );
      return {
        appLoaded: document.documentElement.dataset.appReady === 'true',
        classes: classes.size,
        unstyled: [...classes].filter(
          (name) =>
            !selectors.some((selector) => new RegExp(`\\.${CSS.escape(name)}(?![\\w-])`).test(selector)),
        ),
      };
    });
    expect(painted.appLoaded).toBe(false);
    expect(painted.classes).toBeGreaterThan(40);
    expect(painted.unstyled).toEqual([]);
  } finally {
    await context.close();
  }
});
