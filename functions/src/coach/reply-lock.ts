import { userPk } from '../data/keys';
import { expiresWith, newLease, releaseLease, takeLease } from '../data/lease';
import { DomainError } from '../domain-error';
import { log } from '../observability/log';
import { COACH_LOCK_MS, COACH_LOCK_SK } from './keys';

/**
 * One reply in flight per user (docs/rules.md#coach): a lease (data/lease.ts) on a lock item in her partition,
 * taken only when there is none or the one there has run out; a second message meanwhile gets 409
 * `coach_reply_in_progress`. The lock is released when the reply is done, whatever happened.
 *
 * Locks written before leases (`lockedUntil`, epoch seconds) expired (`expiresAt`) at that very second, so the
 * lease's expiry check honours them as they were.
 */
export async function withReplyLock<T>(userId: string, now: Date, reply: () => Promise<T>): Promise<T> {
  const lease = newLease(now, COACH_LOCK_MS);
  const lock = await takeLease(
    { pk: userPk(userId), sk: COACH_LOCK_SK, ...lease, expiresAt: expiresWith(lease) },
    now,
  );
  if (!lock.taken) throw new DomainError('coach_reply_in_progress');
  try {
    return await reply();
  } finally {
    // Not releasing is not the reply's failure: the lock runs out on its own.
    await releaseLease(lock.lease).catch((error: unknown) =>
      log.warn('Coach reply lock was not released', { error: error as Error }),
    );
  }
}
