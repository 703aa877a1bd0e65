import en from '../compiled/client/en.json';
import { Messages } from '../messages';

/**
 * What the web app says of failures that never reached the API (`client.{key}`), text only. Only its English is
 * here (CLIENT_MESSAGES' words); the web loads the language she reads Bloom in with its other catalogues.
 */
export type ClientMessageId = keyof typeof en;

export const CLIENT_ENGLISH = new Messages<ClientMessageId>('en', en);
