import { type Browser, chromium } from 'playwright-core';

/** Debian Chromium, headless, as every journey drives it; playwright's own browser downloads cannot work here. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

/** Launches Debian Chromium headless in this process (the screenshot script; journeys share the run's one). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}
