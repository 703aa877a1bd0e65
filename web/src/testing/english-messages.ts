import client from '@bloom/shared/i18n/compiled/client/en.json';
import coach from '@bloom/shared/i18n/compiled/coach/en.json';
import errors from '@bloom/shared/i18n/compiled/errors/en.json';
import web from '@bloom/shared/i18n/compiled/web/en.json';
import type { WebMessages } from '../lib/i18n';

/**
 * The web's English messages at hand, for component tests: the catalogues `loadWebMessages('en')` fetches
 * (lib/i18n/load-messages.ts), so a test renders without waiting for a chunk.
 */
export const englishMessages = { ...web, ...errors, ...client, ...coach } as unknown as WebMessages;
