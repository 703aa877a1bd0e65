import type { UserPoolSettings } from './pool';
import type { SessionStore } from './sessions';
import type { SigningKey } from './signing-key';
import type { TokenMinter } from './tokens';
import type { UserDirectory } from './users';

/** Everything the emulator's endpoints share. */
export interface UserPoolState {
  settings: UserPoolSettings;
  key: SigningKey;
  users: UserDirectory;
  sessions: SessionStore;
  minter: TokenMinter;
  /** Operations that answer InternalErrorException for their next n calls (a test's outage, on command). */
  failures: Map<string, number>;
}
