import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPOSITORY_ROOT } from '../cloud';
import { createViteWeb } from './vite-dev';

/**
 * What `npm start`'s dev server (Vite with web/vite.config.ts) lets a browser read: the app, and nothing of the
 * local cloud's data folder (its user pool's signing key, sessions, Stripe and VAPID keys), wherever DATA_DIR
 * points, in any of the forms Vite answers, and no file at all to another origin.
 */

const WEB_ROOT = join(REPOSITORY_ROOT, 'web');
/** Each a secret the local cloud keeps in its data folder (scripts/local-cloud/README.md). */
const DATA_FILES = [
  'cognito/signing-key.json',
  'cognito/sessions.json',
  'cognito/accounts.json',
  'stripe/stripe.json',
  'push/vapid.json',
  'tls/localhost-key.pem',
];
const SECRET = 'secret-of-the-local-cloud';
/** The ways Vite serves a file by path: as is, as a module of its text, as text. */
const FORMS = ['', '?import&raw', '?raw', '?import', '?url', '?raw??', '?import&raw&t=1'];
const FOREIGN_ORIGIN = 'http://localhost:3000';

// Vite logs every refusal with its allow list; this file makes hundreds of them on purpose, so those lines are
// left out of its output (anything else Vite says still shows).
const VITE_REFUSAL = /outside of Vite serving allow list|server-fs-allow/;
for (const method of ['error', 'warn'] as const) {
  const original = console[method].bind(console);
  vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
    if (!VITE_REFUSAL.test(String(args[0]))) original(...args);
  });
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function dataFolder(parent: string, prefix: string): string {
  mkdirSync(parent, { recursive: true });
  const folder = mkdtempSync(join(parent, prefix));
  folders.push(folder);
  for (const file of DATA_FILES) {
    mkdirSync(join(folder, file, '..'), { recursive: true });
    writeFileSync(join(folder, file), JSON.stringify({ key: SECRET }));
  }
  return folder;
}

/**
 * Starts the dev server the local cloud starts, for this data folder. Each is closed once its tests are done, so
 * that no two dependency optimizers share web/node_modules/.vite at once.
 */
function devServer(dataDir: string): { url: () => string } {
  let url = '';
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const hmr = createServer();
    const vite = createViteWeb(WEB_ROOT, hmr, dataDir);
    const server = createServer((req, res) => void vite.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    stop = async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await vite.close();
    };
  });
  afterAll(() => stop?.());
  return { url: () => url };
}

/** The URLs that name a file of the folder: its absolute path, and through a workspace link when it has one. */
function urlsOf(folder: string, file: string): string[] {
  const paths = [`/@fs${join(folder, file)}`];
  const inRepository = relative(REPOSITORY_ROOT, folder);
  const workspace = inRepository.split('/')[0];
  if (['web', 'shared', 'functions', 'scripts', 'infra'].includes(workspace ?? '')) {
    const link = join(REPOSITORY_ROOT, 'node_modules/@bloom', inRepository);
    paths.push(`/@fs${join(link, file)}`);
  }
  return paths.flatMap((path) => FORMS.map((form) => `${path}${form}`));
}

async function expectRefused(url: string, path: string): Promise<void> {
  for (const headers of [{}, { origin: FOREIGN_ORIGIN }] as Record<string, string>[]) {
    const response = await fetch(`${url}${path}`, { headers });
    const body = await response.text();
    expect([403, 404], `${path} ${JSON.stringify(headers)}`).toContain(response.status);
    expect(body, path).not.toContain(SECRET);
    expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
  }
}

describe.each([
  ['in the repository, as the default .local is', () => dataFolder(join(REPOSITORY_ROOT, '.local'), 'vite-')],
  ['elsewhere on the machine', () => dataFolder(tmpdir(), 'bloom-data-')],
  // Inside what the dev server may read (web/): refused by the data folder's own rule, not the allow list; its
  // name holds characters that mean something in a glob.
  ['inside the web app', () => dataFolder(join(WEB_ROOT, 'node_modules'), '.bloom data (1) [a]+{b}*-')],
])('the data folder %s', (_where, makeFolder) => {
  const dataDir = makeFolder();
  const server = devServer(dataDir);

  it('is never served, in any form, to the app or another origin', async () => {
    for (const file of DATA_FILES) {
      for (const path of urlsOf(dataDir, file)) await expectRefused(server.url(), path);
    }
  });
});

describe('the dev server', () => {
  const server = devServer(dataFolder(tmpdir(), 'bloom-data-'));

  it("serves the app's page, its modules, the shared code and the packages they import", async () => {
    const page = await fetch(`${server.url()}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/src/main.tsx');
    const boot = await fetch(`${server.url()}/src/boot.tsx`);
    expect(boot.status).toBe(200);
    const imports = [...(await boot.text()).matchAll(/\bimport\s+(?:[^";]*?\sfrom\s+)?"([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(imports.some((path) => path?.includes('/shared/src/'))).toBe(true);
    expect(imports.some((path) => path?.includes('/node_modules/'))).toBe(true);
    for (const path of imports) {
      const module = await fetch(new URL(path ?? '', server.url()));
      expect(module.status, path).toBe(200);
    }
  });

  it("keeps Vite's own refusals inside the app: environment files, keys and certificates", async () => {
    const folder = mkdtempSync(join(WEB_ROOT, 'node_modules', '.bloom-private-'));
    folders.push(folder);
    for (const file of ['.env', '.env.local', 'server.key', 'server.pem', '.npmrc']) {
      writeFileSync(join(folder, file), SECRET);
      for (const form of FORMS) await expectRefused(server.url(), `/@fs${join(folder, file)}${form}`);
    }
  });

  it("serves no other part of the repository: the server's workspaces, its settings", async () => {
    for (const path of [
      'functions/package.json',
      'functions/src/routes.ts',
      'scripts/local-cloud/cloud.ts',
      'node_modules/@bloom/functions/src/routes.ts',
      'node_modules/@bloom/scripts/local-cloud/cloud.ts',
      'package.json',
      '.env.example',
    ]) {
      await expectRefused(server.url(), `/@fs${join(REPOSITORY_ROOT, path)}`);
    }
  });

  it('lets no other origin read anything, the page and its modules included', async () => {
    for (const path of ['/', '/src/main.tsx', `/@fs${join(REPOSITORY_ROOT, 'shared/src/week/week.ts')}`]) {
      const read = await fetch(`${server.url()}${path}`, { headers: { origin: FOREIGN_ORIGIN } });
      expect(read.headers.get('access-control-allow-origin'), path).toBeNull();
      const preflight = await fetch(`${server.url()}${path}`, {
        method: 'OPTIONS',
        headers: { origin: FOREIGN_ORIGIN, 'access-control-request-method': 'GET' },
      });
      expect(preflight.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });
});
