import english from 'virtual:bloom-messages/en';
import type { WebMessages } from '../lib/i18n';

/**
 * The web's English messages at hand, for component tests: the module `loadWebMessages('en')` fetches
 * (lib/i18n/load-messages.ts), so a test renders without waiting for a chunk.
 */
export const englishMessages: WebMessages = english;
