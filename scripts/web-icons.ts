/**
 * Renders the installed app's PNG icons from web/public/favicon.svg (`npm run icons:web`; the PNGs are
 * committed, so run it again only when the favicon changes). Chromium installs a PWA only with 192x192 and
 * 512x512 PNG icons in the manifest; Android masks icons marked "maskable" to its own shape, keeping only the
 * centre circle of 80% of the width (the safe zone), and iOS takes an opaque 180x180 apple-touch-icon.
 *
 * The same headless Chromium the browser tests use draws them, so no image library is needed.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const PUBLIC = resolve(fileURLToPath(import.meta.url), '../../web/public');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const favicon = readFileSync(resolve(PUBLIC, 'favicon.svg'), 'utf8');
/** The favicon's own background colour (its disc), which the full-bleed variants extend to the corners. */
const BACKGROUND = /<circle[^>]*fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1];
if (!BACKGROUND) throw new Error('favicon.svg: no background disc found to extend');

/**
 * The favicon on an opaque square of its background, scaled by `scale` about its centre. The flower reaches
 * 24/64 of the width from the centre; at 0.9 that is 34% of the width, inside the 40% radius of the safe zone.
 */
function fullBleed(scale: number): string {
  const inset = (64 * (1 - scale)) / 2;
  const nested = favicon.replace(
    '<svg ',
    `<svg x="${inset}" y="${inset}" width="${64 * scale}" height="${64 * scale}" `,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BACKGROUND}"/>${nested}</svg>`;
}

const ICONS: Array<{ file: string; size: number; svg: string }> = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(0.9) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.9) },
];

const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
  headless: true,
});
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block}</style><img src="${source}" width="${size}" height="${size}">`,
    );
    await page.evaluate('document.images[0].decode()');
    await page.screenshot({ path: resolve(PUBLIC, file), omitBackground: true });
    await page.close();
    console.log(`web/public/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
