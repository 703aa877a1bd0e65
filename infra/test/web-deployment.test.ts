import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../lib/config.ts';
import { Web } from '../lib/web.ts';

/**
 * What the site's deployment uploads to the public bucket, read from the file assets CDK stages for it: the Web
 * construct alone, in a stack of its own, over a build that holds source maps as `vite build` writes them.
 */

let root: string;
let uploaded: string[];

/** Every file under `directory`, as paths relative to it. */
function filesUnder(directory: string): string[] {
  return fs
    .readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'bloom-web-deployment-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Bloom</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("push", () => {});');
  for (const file of ['index-abc123.js', 'boot-def456.js', 'index-abc123.css']) {
    fs.writeFileSync(path.join(dist, 'assets', file), '/* built */');
    fs.writeFileSync(path.join(dist, 'assets', `${file}.map`), '{"version":3,"sources":["src/main.tsx"]}');
  }

  const outdir = path.join(root, 'cdk.out');
  const app = new App({ outdir, context: { stage: 'dev', webDist: dist } });
  const stack = new Stack(app, 'Site');
  const web = new Web(stack, 'Web', {
    config: readConfig(app.node),
    apiDomainName: 'api.example.com',
    hostedUiDomain: 'auth.example.com',
  });
  web.deploySite({
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_Site',
    userPoolClientId: 'client',
    oauthDomain: 'auth.example.com',
    vapidPublicKey: 'key',
    redirectSignIn: 'https://bloom.example/',
    redirectSignOut: 'https://bloom.example/',
  });
  app.synth();
  // The folders CDK staged for upload that hold the build (config.json and the not-found page are sources of
  // their own, and the deployment's handler is a zip).
  const staged = fs
    .readdirSync(outdir)
    .filter((entry) => entry.startsWith('asset.'))
    .map((entry) => path.join(outdir, entry))
    .filter((folder) => fs.existsSync(path.join(folder, 'index.html')));
  expect(staged.length).toBeGreaterThan(0);
  uploaded = staged.flatMap(filesUnder);
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the site deployment', () => {
  it('uploads the built site', () => {
    expect(uploaded).toEqual(
      expect.arrayContaining(['index.html', 'sw.js', 'assets/index-abc123.js', 'assets/boot-def456.js']),
    );
  });

  it('leaves every source map out of the public bucket', () => {
    expect(uploaded.length).toBeGreaterThan(0);
    expect(uploaded.filter((file) => file.endsWith('.map'))).toEqual([]);
  });
});
