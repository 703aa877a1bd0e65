import { SITE_PAGE_PATHS } from '../../shared/src/site/pages.ts';

/**
 * The two CloudFront Functions that serve the SPA, generated from the site's page list (shared/src/site/pages.ts),
 * so the hosts and the app's routes cannot disagree about which pages exist.
 *
 * A page path (no extension in its last segment) is a request for the SPA shell: a known page gets
 * `/index.html`, any other page gets `/404.html` (the same shell, uploaded under a second name), and files are
 * left alone. The viewer-response function then answers status 404 for a missing page, whether CloudFront hands
 * it the path as the viewer sent it or as the request function rewrote it. Error-page rewrites on the
 * distribution would do the same for the API's own 403s and 404s, so they are not used.
 */
export const NOT_FOUND_OBJECT = '404.html';

const PAGE_CHECKS = `var PAGES = ${JSON.stringify(SITE_PAGE_PATHS)};
function isPagePath(uri) {
  return uri.slice(uri.lastIndexOf('/') + 1).indexOf('.') === -1;
}
function isSitePage(uri) {
  var path = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri;
  return PAGES.indexOf(path) !== -1;
}`;

export const SITE_REQUEST_FUNCTION = `${PAGE_CHECKS}
function handler(event) {
  var request = event.request;
  if (isPagePath(request.uri)) {
    request.uri = isSitePage(request.uri) ? '/index.html' : '/${NOT_FOUND_OBJECT}';
  }
  return request;
}`;

export const SITE_RESPONSE_FUNCTION = `${PAGE_CHECKS}
function handler(event) {
  var uri = event.request.uri;
  var response = event.response;
  if (uri === '/${NOT_FOUND_OBJECT}' || (isPagePath(uri) && !isSitePage(uri))) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
  }
  return response;
}`;
