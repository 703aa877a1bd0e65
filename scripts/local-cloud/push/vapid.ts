import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webPush from 'web-push';

export interface LocalVapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The local cloud's VAPID key pair: made on first start and kept in the data folder, since a browser's push
 * subscription is bound to the public key it was made with. In memory when there is no data folder (tests).
 */
export function localVapidKeys(dataDir: string | undefined): LocalVapidKeys {
  const file = dataDir ? join(dataDir, 'push', 'vapid.json') : undefined;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalVapidKeys;
  const keys = { ...webPush.generateVAPIDKeys(), subject: 'mailto:hello@bloomplanner.app' };
  if (file) {
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  return keys;
}
