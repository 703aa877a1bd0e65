import { DEFAULT_LOCALE, LOCALES } from '../../shared/src/i18n/locales.ts';
import { LOCALE_COOKIE, landingFile } from '../../shared/src/site/landing.ts';
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
 *
 * A site page gets the shell in her language (`/index.de.html`...; the landing is prerendered in each): the one in
 * the `bloom-locale` cookie, else the first of `Accept-Language` Bloom speaks, else English, as
 * shared/src/site/landing.ts says (the local cloud runs that; this is its ES5 twin, which CloudFront Functions
 * run). The choice happens before the cache is asked, so each language's file is cached under its own name.
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

const SHELL_CHOICE = `var LOCALES = ${JSON.stringify(LOCALES)};
var SHELLS = ${JSON.stringify(Object.fromEntries(LOCALES.map((locale) => [locale, `/${landingFile(locale)}`])))};
function acceptedLocale(header) {
  var ranges = header.split(',').map(function (part, index) {
    var params = part.trim().split(';');
    var q = 1;
    for (var i = 1; i < params.length; i++) {
      var param = params[i].trim();
      if (param.indexOf('q=') === 0) q = Number(param.slice(2));
    }
    return { tag: params[0].trim(), q: isFinite(q) ? q : 0, index: index };
  }).filter(function (range) { return range.tag !== '' && range.q > 0; });
  ranges.sort(function (a, b) { return b.q - a.q || a.index - b.index; });
  for (var j = 0; j < ranges.length; j++) {
    var language = ranges[j].tag.split(/[-_]/)[0].toLowerCase();
    if (LOCALES.indexOf(language) !== -1) return language;
  }
  return undefined;
}
function shellFor(request) {
  var cookie = request.cookies && request.cookies['${LOCALE_COOKIE}'];
  if (cookie && LOCALES.indexOf(cookie.value) !== -1) return SHELLS[cookie.value];
  var header = request.headers && request.headers['accept-language'];
  return SHELLS[(header && acceptedLocale(header.value)) || '${DEFAULT_LOCALE}'];
}`;

export const SITE_REQUEST_FUNCTION = `${PAGE_CHECKS}
${SHELL_CHOICE}
function handler(event) {
  var request = event.request;
  if (isPagePath(request.uri)) {
    request.uri = isSitePage(request.uri) ? shellFor(request) : '/${NOT_FOUND_OBJECT}';
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
