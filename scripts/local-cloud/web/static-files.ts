import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { landingFile, landingLocale } from '@bloom/shared/site/landing';
import { isPagePath, isSitePage } from '@bloom/shared/site/pages';
import { pathOf, sendText } from '../http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
};

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg)/;

interface Prepared {
  type: string;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  cacheControl: string;
}

/**
 * Serves a production build (`web/dist`) as CloudFront does in the cloud: compressed, hashed assets cached
 * for a year, index.html revalidated, the site's pages answered with index.html in her language (the SPA's own
 * routes; the landing is prerendered in each: shared/src/site/landing.ts) and any other page path with index.html
 * and status 404 (the SPA shows its "Oops! Page not found" page).
 */
export function createStaticFiles(root: string) {
  const cache = new Map<string, Prepared>();

  const prepare = (file: string): Prepared => {
    const cached = cache.get(file);
    if (cached) return cached;
    const raw = readFileSync(file);
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const compress = COMPRESSIBLE.test(type) && raw.length > 1024;
    const hashed = file.includes(`${sep}assets${sep}`);
    const prepared: Prepared = {
      type,
      raw,
      ...(compress ? { br: brotliCompressSync(raw), gzip: gzipSync(raw) } : {}),
      cacheControl: hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    cache.set(file, prepared);
    return prepared;
  };

  /** Her language's shell, as CloudFront's viewer-request function picks it (infra/lib/site-routing.ts). */
  const shellFor = (req: IncomingMessage): string => {
    const locale = landingLocale({
      cookie: req.headers.cookie ?? '',
      acceptLanguage: String(req.headers['accept-language'] ?? ''),
    });
    const file = join(root, landingFile(locale));
    return existsSync(file) ? file : join(root, 'index.html');
  };

  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method Not Allowed');
    const index = join(root, 'index.html');
    if (!existsSync(index)) {
      return sendText(
        res,
        503,
        `There is no production build in ${root}. Run \`npm run build --workspace web\` first.`,
      );
    }
    let path: string;
    try {
      path = decodeURIComponent(pathOf(req));
    } catch {
      return sendText(res, 400, 'Bad Request');
    }
    const candidate = normalize(join(root, path));
    const inside = candidate.startsWith(root + sep) && existsSync(candidate) && statSync(candidate).isFile();
    // Missing files are real 404s; a missing page is the SPA's not-found page, with the status to match.
    if (!inside && !isPagePath(path)) return sendText(res, 404, 'Not Found');
    const status = inside || isSitePage(path) ? 200 : 404;
    const file = prepare(inside ? candidate : status === 200 ? shellFor(req) : index);
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding =
      file.br && /\bbr\b/.test(accepts) ? 'br' : file.gzip && /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
    const body = encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : file.raw;
    res.writeHead(status, {
      'content-type': file.type,
      'content-length': body?.length ?? 0,
      'cache-control': file.cacheControl,
      vary: inside ? 'accept-encoding' : 'accept-encoding, accept-language, cookie',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
