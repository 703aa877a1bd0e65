/**
 * The site's pages: the web app's routes (web/src/app/routes.tsx) and the hosts that serve it answer from this
 * one list. A path that is not here is answered with the SPA's "Oops! Page not found" page and HTTP status
 * 404, in CloudFront (infra/lib/web.ts) as in the local cloud, so search engines and links see a real 404.
 */
export const SITE_PAGES = {
  home: '/',
  pricing: '/pricing',
  blog: '/blog',
  bestSelfCareApps: '/blog/best-self-care-apps',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  safety: '/safety',
} as const;

export const SITE_PAGE_PATHS: readonly string[] = Object.values(SITE_PAGES);

/** Whether a request path (no query string) is one of the site's pages; a trailing slash is allowed. */
export function isSitePage(path: string): boolean {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return SITE_PAGE_PATHS.includes(trimmed);
}

/**
 * Whether a path names a page rather than a file: its last segment has no extension. Files (`/assets/x.js`,
 * `/config.json`) are served or missing as themselves.
 */
export function isPagePath(path: string): boolean {
  return !path.slice(path.lastIndexOf('/') + 1).includes('.');
}
