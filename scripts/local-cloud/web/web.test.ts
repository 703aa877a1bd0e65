import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticFiles } from './static-files';
import { createViteWeb } from './vite-dev';

const root = mkdtempSync(join(tmpdir(), 'bloom-dist-'));
const emptyWeb = mkdtempSync(join(tmpdir(), 'bloom-web-'));
const servers: Server[] = [];

async function serve(handle: (req: IncomingMessage, res: ServerResponse) => unknown): Promise<string> {
  const server = createServer((req, res) => void handle(req, res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let dist: string;
beforeAll(async () => {
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), `<!doctype html><title>Bloom</title>${' '.repeat(2000)}`);
  writeFileSync(join(root, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  writeFileSync(join(root, 'index.de.html'), '<!doctype html><html lang="de"><title>Bloom</title>');
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  dist = await serve(createStaticFiles(root));
});
afterAll(() => {
  for (const server of servers) server.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(emptyWeb, { recursive: true, force: true });
});

describe("web: 'dist' (the production build)", () => {
  it('serves hashed assets compressed and cached for a year', async () => {
    const response = await fetch(`${dist}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('br');
    // fetch decompresses; the body must still be the file.
    expect(await response.text()).toContain('xxxxx');
  });

  it('answers the site pages with index.html, revalidated', async () => {
    for (const path of ['/', '/pricing?plan=yearly', '/blog/best-self-care-apps', '/privacy-policy/']) {
      const response = await fetch(`${dist}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>Bloom</title>');
    }
  });

  it('answers the site pages in her language: her saved choice, else her browser’s, else English', async () => {
    const page = async (path: string, headers: Record<string, string>) => {
      const response = await fetch(`${dist}${path}`, { headers });
      return { status: response.status, german: (await response.text()).includes('lang="de"') };
    };
    expect(await page('/', { 'accept-language': 'de-DE,de;q=0.9' })).toEqual({ status: 200, german: true });
    expect(await page('/pricing', { 'accept-language': 'en', cookie: 'bloom-locale=de' })).toEqual({
      status: 200,
      german: true,
    });
    expect(await page('/', { 'accept-language': 'de', cookie: 'bloom-locale=en' })).toEqual({
      status: 200,
      german: false,
    });
    // No French page in this build: English's.
    expect(await page('/', { 'accept-language': 'fr-FR' })).toEqual({ status: 200, german: false });
    // The not-found page is the English shell; the app shows it in her language.
    expect(await page('/no-such-page', { 'accept-language': 'de' })).toEqual({ status: 404, german: false });
  });

  it("answers any other page path with index.html (the SPA's not-found page) and status 404", async () => {
    for (const path of ['/weekly', '/day/3?x=1', '/blog/no-such-post']) {
      const response = await fetch(`${dist}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('<title>Bloom</title>');
    }
  });

  it('answers 404 for missing files and never serves files outside the build', async () => {
    expect((await fetch(`${dist}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${dist}/..%2f..%2fetc%2fpasswd.txt`)).status).toBe(404);
  });

  it('sends the brotli body it advertises', async () => {
    const { request } = await import('node:http');
    const body = await new Promise<Buffer>((resolve, reject) => {
      request(`${dist}/`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      })
        .on('error', reject)
        .end();
    });
    expect(brotliDecompressSync(body).toString()).toContain('<title>Bloom</title>');
  });
});

describe("web: 'vite' (npm start)", () => {
  const web = mkdtempSync(join(tmpdir(), 'bloom-vite-web-'));
  let vite: ReturnType<typeof createViteWeb>;
  afterAll(async () => {
    await vite?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('serves the site pages with status 200 and any other page path with status 404, both the SPA', async () => {
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Bloom</title><div id="root"></div>');
    const server = createServer();
    vite = createViteWeb(web, server, join(web, '.local'));
    const url = await serve(vite.handle);
    for (const [path, status] of [
      ['/', 200],
      ['/pricing', 200],
      ['/terms-of-service', 200],
      ['/nope', 404],
      ['/blog/no-such-post?ref=x', 404],
    ] as const) {
      const response = await fetch(`${url}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(status);
      const html = await response.text();
      expect(html, path).toContain('<title>Bloom</title>');
      // Vite's client is injected in both, so the 404 page is the live app, not a static copy.
      expect(html, path).toContain('/@vite/client');
    }
  });
});

describe("web: 'vite' without a web app", () => {
  it('says clearly that web/index.html is missing', async () => {
    const url = await serve(createViteWeb(emptyWeb, createServer(), join(emptyWeb, '.local')).handle);
    const response = await fetch(`${url}/`);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('index.html is missing');
  });
});
