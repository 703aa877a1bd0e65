import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { isPagePath, isSitePage } from '@bloom/shared/site/pages';
import type { ViteDevServer } from 'vite';
import { pathOf, sendHtml, sendText } from '../http';

/**
 * The web app through Vite's dev server in middleware mode, sharing the local cloud's server (and so its
 * origin and certificate; hot reload rides the same socket). Vite starts on the first page request, so
 * `npm start` is up quickly and a web/ created after start is picked up.
 *
 * `dataDir` is the local cloud's data folder (signing key, sessions, Stripe and VAPID keys): never served,
 * wherever it is. web/vite.config.ts already serves nothing outside the app's source and packages; this
 * refuses the folder even when DATA_DIR points inside them.
 */
export function createViteWeb(webRoot: string, server: Server, dataDir: string) {
  let vite: Promise<ViteDevServer> | undefined;

  const start = async () => {
    const { createServer, normalizePath } = await import('vite');
    const folder = escapeGlob(normalizePath(resolve(dataDir)));
    return createServer({
      root: webRoot,
      appType: 'spa',
      clearScreen: false,
      // Added to the config file's list (Vite concatenates lists of the inline and file configs).
      server: { middlewareMode: true, hmr: { server }, fs: { deny: [folder, `${folder}/**`] } },
    });
  };

  return {
    async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      if (!existsSync(join(webRoot, 'index.html'))) {
        return sendText(res, 503, `The web app is not there yet: ${join(webRoot, 'index.html')} is missing.`);
      }
      vite ??= start();
      const dev = await vite;
      // Vite answers every page path with index.html and status 200; a path that is none of the site's pages
      // gets the same page (the SPA shows "Oops! Page not found") with the 404 that CloudFront sends.
      if (isMissingPage(req)) {
        const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
        return sendHtml(res, 404, await dev.transformIndexHtml(req.url ?? '/', html));
      }
      dev.middlewares(req, res, () => sendText(res, 404, 'Not Found'));
    },
    async close(): Promise<void> {
      if (vite) await (await vite).close();
    },
  };
}

/** A path as a glob matching only itself: Vite's deny list is picomatch globs. */
function escapeGlob(path: string): string {
  return path.replace(/[\\*?!+@()[\]{}|^$]/g, '\\$&');
}

/** A page request (not a module, an asset or one of Vite's own `/@...` paths) for a path the site does not have. */
function isMissingPage(req: IncomingMessage): boolean {
  const path = pathOf(req);
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    !path.startsWith('/@') &&
    isPagePath(path) &&
    !isSitePage(path)
  );
}
