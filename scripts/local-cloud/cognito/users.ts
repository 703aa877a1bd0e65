import { createHash } from 'node:crypto';
import { JsonFile } from '../json-file';

/** A Google account as the emulator knows it after someone signed in with it. */
export interface User {
  /** Stable per email, like the `sub` Cognito assigns a federated user once. */
  sub: string;
  email: string;
  name: string;
  /** Cognito's username for a Google user: `google_` and Google's numeric account id. */
  username: string;
  googleUserId: string;
  /** Epoch milliseconds of the first sign-in (Cognito's `identities[].dateCreated`). */
  createdAt: number;
  lastUsedAt: number;
  /**
   * How many Cognito users this Google account had before the current one: AdminDeleteUser deletes the user,
   * and the next sign-in with the same Google account makes a new one, with a new `sub`.
   */
  generation?: number;
  /** Epoch milliseconds the Cognito user was deleted (AdminDeleteUser); the Google account is still offered. */
  deletedAt?: number;
}

interface UsersDocument {
  users: Record<string, User>;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A name-based (version 5 style) UUID of the email, so the same email is the same user on every machine; a
 * Google account whose Cognito user was deleted gets the next generation's, a new one, as Cognito gives a new
 * user a new `sub`.
 */
export function subForEmail(email: string, generation = 0): string {
  const hash = createHash('sha1')
    .update(`bloom-local-cognito:${normaliseEmail(email)}${generation > 0 ? `#${generation}` : ''}`)
    .digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Google account ids are 21 decimal digits. */
export function googleUserIdForEmail(email: string): string {
  const hash = createHash('sha256').update(normaliseEmail(email)).digest('hex');
  return `1${(BigInt(`0x${hash.slice(0, 24)}`) % 10n ** 20n).toString().padStart(20, '0')}`;
}

/** The user's attributes as Cognito keeps them for a Google user: all strings, `identities` as JSON. */
export function userAttributes(user: User, picture: string): Record<string, string> {
  return {
    sub: user.sub,
    identities: JSON.stringify([
      {
        userId: user.googleUserId,
        providerName: 'Google',
        providerType: 'Google',
        issuer: null,
        primary: true,
        dateCreated: user.createdAt,
      },
    ]),
    email_verified: 'true',
    name: user.name,
    picture,
    email: user.email,
  };
}

/** Accounts used on the hosted UI, remembered (in the data folder) so the page offers them next time. */
export class UserDirectory {
  private readonly document: JsonFile<UsersDocument>;

  constructor(file: string | undefined) {
    this.document = new JsonFile(file, () => ({ users: {} }));
  }

  /** Records a sign-in: creates the user on first use, updates the name otherwise. */
  signIn(email: string, name: string, now = Date.now()): User {
    const key = normaliseEmail(email);
    const found = this.document.value.users[key];
    // After AdminDeleteUser the Google account signs up afresh: a new user, a new sub, the same username.
    const generation = (found?.generation ?? 0) + (found?.deletedAt !== undefined ? 1 : 0);
    const existing = found?.deletedAt === undefined ? found : undefined;
    const googleUserId = found?.googleUserId ?? googleUserIdForEmail(key);
    const user: User = {
      sub: existing?.sub ?? subForEmail(key, generation),
      email: key,
      name: name.trim(),
      username: found?.username ?? `google_${googleUserId}`,
      googleUserId,
      createdAt: existing?.createdAt ?? now,
      lastUsedAt: now,
      ...(generation > 0 ? { generation } : {}),
    };
    this.document.value.users[key] = user;
    this.document.save();
    return user;
  }

  byEmail(email: string): User | undefined {
    return this.document.value.users[normaliseEmail(email)];
  }

  /** The pool's user with this sub; a deleted one is no longer in the pool. */
  bySub(sub: string): User | undefined {
    return Object.values(this.document.value.users).find(
      (user) => user.sub === sub && user.deletedAt === undefined,
    );
  }

  byUsername(username: string): User | undefined {
    return Object.values(this.document.value.users).find(
      (user) => user.username === username && user.deletedAt === undefined,
    );
  }

  /** AdminDeleteUser: the user leaves the pool; Google (the account page) still remembers the account. */
  delete(sub: string, now = Date.now()): void {
    const user = this.bySub(sub);
    if (!user) return;
    user.deletedAt = now;
    this.document.save();
  }

  /** Most recently used first, as Google's account chooser lists them. */
  remembered(): User[] {
    return Object.values(this.document.value.users).sort((a, b) => b.lastUsedAt - a.lastUsedAt);
  }

  forget(email: string): void {
    delete this.document.value.users[normaliseEmail(email)];
    this.document.save();
  }
}
