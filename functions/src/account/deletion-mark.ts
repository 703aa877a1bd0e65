import { DomainError } from '../domain-error';

/** The profile's attribute that says her account is being deleted (docs/rules.md#deleting-an-account). */
export const DELETING_ATTRIBUTE = 'deletingAt';

/**
 * Once she asked for her account to be deleted, Bloom serves nothing more from it but the deletion itself: a
 * deletion that stopped halfway (an outage) leaves an account that refuses use until it is finished.
 */
export function refuseWhileDeleting(profile: { deletingAt?: string } | undefined): void {
  if (profile?.deletingAt) throw new DomainError('account_deleting');
}
