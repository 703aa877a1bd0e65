import { describe, expect, it } from 'vitest';
import { isPagePath, isSitePage } from '../src/site/pages';

describe('site pages', () => {
  it('knows the site pages, with or without a trailing slash', () => {
    for (const path of [
      '/',
      '/pricing',
      '/pricing/',
      '/blog',
      '/blog/best-self-care-apps',
      '/privacy-policy',
      '/safety',
    ]) {
      expect(isSitePage(path), path).toBe(true);
    }
  });

  it('does not know anything else', () => {
    for (const path of ['/nope', '/pricing/extra', '/blog/unknown-post', '/Pricing', '/terms']) {
      expect(isSitePage(path), path).toBe(false);
    }
  });

  it('tells pages from files by the last segment', () => {
    expect(isPagePath('/blog/best-self-care-apps')).toBe(true);
    expect(isPagePath('/nope')).toBe(true);
    expect(isPagePath('/assets/index-abc.js')).toBe(false);
    expect(isPagePath('/config.json')).toBe(false);
  });
});
